-- Names from the account (issue 30, item 4): a signed-in buyer of an order placed "names later"
-- (an accepted quote's order) reaches the participants page from /account, not only from the
-- e-mailed link. public.my_order_participants_link(order_id) gives the page's token to the
-- order's owner (the session's confirmed address, private.customer_owns_order) while the order
-- holds its seats, has an unnamed seat and names are still open for that seat's intake; else null.
--
-- Whether names are open is one rule, private.quote_names_open, which name_quote_participants
-- (redefined below, otherwise unchanged) and the account's link both ask.

-- Names may be given for a line while its intake's names have not closed (no intake: no cut-off).
create or replace function private.quote_names_open(starts_on date, cutoff_days integer)
returns boolean
language sql
stable
set search_path = ''
as $$
  select starts_on is null or private.nairobi_today() <= private.quote_names_close_on(starts_on, cutoff_days);
$$;
revoke all on function private.quote_names_open(date, integer) from public;

-- public.name_quote_participants: from 20261129320000_quotes.sql; the cut-off asks private.quote_names_open.
create or replace function public.name_quote_participants(token text, participants jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.quotes;
  line record;
  line_index integer := 0;
  names jsonb;
begin
  select * into target from public.quotes q
   where q.token = name_quote_participants.token and name_quote_participants.token ~ '^[A-Za-z0-9_-]{43}$';
  perform private.take_quote_link_slot(target.id);
  if target.id is null or target.state = 'draft' then
    raise exception using errcode = 'P0002', hint = 'quote_not_found',
      message = 'We cannot find this quote. Please check the link in your e-mail, or contact us.';
  end if;
  if target.state <> 'accepted' or target.order_id is null then
    perform private.refuse('token', 'quote_not_accepted', 'Participants can be named once the quote is accepted.');
  end if;
  if participants is null or jsonb_typeof(participants) <> 'array' then
    perform private.refuse('participants', 'invalid_participants', 'Please give the participants as a list per program.');
  end if;
  perform 1 from public.orders o where o.id = target.order_id and private.order_holds_seats(o.status) for update;
  if not found then
    perform private.refuse('token', 'order_closed', 'This order was cancelled or has expired; its participants can no longer be changed.');
  end if;
  for line in select i.id as item_id, i.quantity, i.title, t.starts_on
                from public.quote_lines l
                join public.order_items i on i.order_id = target.order_id and i.program_id = l.program_id
                left join public.program_intakes t on t.id = i.intake_id
               where l.quote_id = target.id order by l.position loop
    names := participants -> line_index;
    if names is not null and jsonb_typeof(names) <> 'null' then
      if not private.quote_names_open(line.starts_on, target.names_cutoff_days) then
        perform private.refuse(format('participants.%s', line_index), 'names_closed', format(
          'Names for %s closed on %s. Please contact us to change them.', line.title,
          to_char(private.quote_names_close_on(line.starts_on, target.names_cutoff_days), 'FMDD FMMonth YYYY')));
      end if;
      perform private.check_quote_names(names, line.quantity, format('participants.%s', line_index));
      perform private.write_quote_names(line.item_id, names);
    end if;
    line_index := line_index + 1;
  end loop;
  return private.quote_json(target.id);
end;
$$;
comment on function public.name_quote_participants(text, jsonb) is
  'Anyone with an accepted quote''s token: names or changes the participants of its order until names close before each intake.';
revoke all on function public.name_quote_participants(text, jsonb) from public;
grant execute on function public.name_quote_participants(text, jsonb) to anon, authenticated, service_role;

-- The signed-in buyer's link to name an order's participants: the quote's token, or null.
create or replace function public.my_order_participants_link(order_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select q.token
    from public.quotes q
    join public.orders o on o.id = q.order_id
   where q.order_id = my_order_participants_link.order_id
     and q.state = 'accepted'
     and private.customer_owns_order(o.id)
     and private.order_holds_seats(o.status)
     and exists (
       select 1
         from public.quote_lines l
         join public.order_items i on i.order_id = o.id and i.program_id = l.program_id
         left join public.program_intakes t on t.id = i.intake_id
        where l.quote_id = q.id
          and private.quote_names_open(t.starts_on, q.names_cutoff_days)
          and (select count(*) from public.order_participants p where p.order_item_id = i.id) < i.quantity);
$$;
comment on function public.my_order_participants_link(uuid) is
  'Signed-in customer: the participants link token of their own names-later order while a seat is unnamed and names are open; else null.';
revoke all on function public.my_order_participants_link(uuid) from public, anon, service_role;
grant execute on function public.my_order_participants_link(uuid) to authenticated;
