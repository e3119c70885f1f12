-- Quotes and names later (issue 30, items 3 and 4). Finance or programmes staff build a quote for
-- an organisation (lines: program, intake, seats, unit price, discount), send it, and the
-- organisation opens it by its unguessable link (public.quotes.token): view_quote shows that one
-- quote (and marks it viewed); accept_quote makes an order at the quoted prices with the seats
-- held as the quote says, once (a second acceptance answers the same order); an expired or
-- withdrawn quote reveals nothing but that. The accepted order may leave seats unnamed: the same
-- link names or changes the participants (name_quote_participants) until the quote's cut-off
-- before each intake starts, and the roster shows unnamed seats until then.
--
-- The order is an ordinary order (public.orders, order_items, order_participants), so the admin,
-- the e-mails, the tax documents and the roster know it. order_items copies its program's
-- catalogue price (private.snapshot_order_item), so a quoted price is that price less a discount
-- (order_items.discount_amount, as vouchers record theirs): a quote never prices a line above
-- its catalogue price.

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  reference text not null,
  organisation text not null,
  contact_name text not null,
  contact_email text not null,
  buyer_kra_pin text,
  currency text not null,
  -- The last day (Nairobi) the quote may be accepted.
  valid_until date not null,
  terms text,
  -- Days the accepted order holds its seats unpaid (its hold_until), and days before an
  -- intake starts when names close.
  hold_days integer not null default 14,
  names_cutoff_days integer not null default 3,
  -- draft, sent, viewed, accepted, withdrawn. Expired is not stored: a sent or viewed quote
  -- past valid_until is expired (private.quote_state).
  state text not null default 'draft',
  token text not null,
  po_number text,
  order_id uuid references public.orders (id) on delete set null,
  sent_at timestamptz,
  viewed_at timestamptz,
  accepted_at timestamptz,
  withdrawn_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint quotes_reference_key unique (reference),
  constraint quotes_token_key unique (token),
  constraint quotes_token_format check (token ~ '^[A-Za-z0-9_-]{43}$'),
  constraint quotes_organisation_length check (length(btrim(organisation)) between 1 and 200),
  constraint quotes_contact_name_length check (length(btrim(contact_name)) between 1 and 200),
  constraint quotes_contact_email_format check (length(contact_email) <= 254 and contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint quotes_kra_pin_format check (buyer_kra_pin is null or buyer_kra_pin ~ '^[A-Z][0-9]{9}[A-Z]$'),
  constraint quotes_currency_known check (currency in ('USD', 'KES')),
  constraint quotes_terms_length check (terms is null or length(terms) <= 5000),
  constraint quotes_hold_days_range check (hold_days between 1 and 90),
  constraint quotes_names_cutoff_range check (names_cutoff_days between 0 and 60),
  constraint quotes_state_known check (state in ('draft', 'sent', 'viewed', 'accepted', 'withdrawn')),
  constraint quotes_po_number_length check (po_number is null or length(po_number) between 1 and 50),
  constraint quotes_accepted_has_order check (state <> 'accepted' or accepted_at is not null)
);

comment on table public.quotes is
  'Quotes for organisations (issue 30): finance and programmes write, through the quote functions; the buyer reaches one by its token.';

create table public.quote_lines (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references public.quotes (id) on delete cascade,
  position smallint not null,
  program_id uuid not null references public.training_programs (id) on delete restrict,
  -- Null: the dates are agreed later (no seats are held).
  intake_id uuid references public.program_intakes (id) on delete restrict,
  title text not null,
  seats integer not null,
  unit_price numeric(12, 2) not null,
  -- The line's discount in all (not per seat), in the quote's currency.
  discount_amount numeric(12, 2) not null default 0,
  line_total numeric(12, 2) generated always as (unit_price * seats - discount_amount) stored,
  constraint quote_lines_position_key unique (quote_id, position),
  constraint quote_lines_program_key unique (quote_id, program_id),
  constraint quote_lines_position_range check (position between 1 and 20),
  constraint quote_lines_seats_range check (seats between 1 and 1000),
  constraint quote_lines_unit_price_positive check (unit_price > 0),
  constraint quote_lines_discount_range check (discount_amount >= 0 and discount_amount <= unit_price * seats)
);

comment on table public.quote_lines is 'The lines of a quote: program, intake, seats, unit price and discount.';

create index quote_lines_program_idx on public.quote_lines (program_id);
create index quote_lines_intake_idx on public.quote_lines (intake_id) where intake_id is not null;
create index quotes_order_idx on public.quotes (order_id) where order_id is not null;
create index quotes_created_at_idx on public.quotes (created_at desc);

create sequence private.quote_reference_seq;

create trigger quotes_touch_updated_at
  before update on public.quotes
  for each row execute function private.touch_updated_at();
create trigger quotes_audit
  after insert or update or delete on public.quotes
  for each row execute function private.audit_row_change();
create trigger quote_lines_audit
  after insert or update or delete on public.quote_lines
  for each row execute function private.audit_row_change();

-- RLS: staff by private.staff_access read them; every write goes through the functions below
-- (security definer, which check private.staff_may(.., true)). Visitors see none: a buyer
-- reaches a quote only through view_quote with its token.
alter table public.quotes enable row level security;
alter table public.quote_lines enable row level security;
revoke all on table public.quotes, public.quote_lines from anon, authenticated;
grant select on table public.quotes, public.quote_lines to authenticated;

create policy quotes_select_staff on public.quotes
  for select to authenticated
  using ((select private.staff_may('quotes', false)));
create policy quote_lines_select_staff on public.quote_lines
  for select to authenticated
  using ((select private.staff_may('quote_lines', false)));

insert into private.staff_access (relation, role, may_write) values
  ('quotes', 'finance', true),
  ('quotes', 'programmes', true),
  ('quote_lines', 'finance', true),
  ('quote_lines', 'programmes', true);

-- A quote's state as staff and buyer see it: sent or viewed past its last day is expired.
create or replace function private.quote_state(state text, valid_until date)
returns text
language sql
stable
set search_path = ''
as $$
  select case when state in ('sent', 'viewed') and valid_until < private.nairobi_today() then 'expired' else state end;
$$;
revoke all on function private.quote_state(text, date) from public;
grant execute on function private.quote_state(text, date) to authenticated, service_role;

-- The admin's list: each quote with its state (expired computed), total, seats and order.
create or replace function public.staff_quotes()
returns table (
  id uuid,
  reference text,
  organisation text,
  contact_name text,
  contact_email text,
  currency text,
  valid_until date,
  state text,
  sent_at timestamptz,
  viewed_at timestamptz,
  accepted_at timestamptz,
  withdrawn_at timestamptz,
  created_at timestamptz,
  po_number text,
  order_id uuid,
  order_reference text,
  total numeric,
  seats integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('quotes', false) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only the finance and programmes teams may see quotes.';
  end if;
  return query
    select q.id, q.reference, q.organisation, q.contact_name, q.contact_email, q.currency, q.valid_until,
           private.quote_state(q.state, q.valid_until), q.sent_at, q.viewed_at, q.accepted_at, q.withdrawn_at,
           q.created_at, q.po_number, q.order_id, o.reference,
           coalesce((select sum(l.line_total) from public.quote_lines l where l.quote_id = q.id), 0),
           coalesce((select sum(l.seats) from public.quote_lines l where l.quote_id = q.id), 0)::integer
      from public.quotes q
      left join public.orders o on o.id = q.order_id
     order by q.created_at desc
     limit 500;
end;
$$;
comment on function public.staff_quotes() is 'Finance and programmes: the newest 500 quotes with their state (expired computed), total and order.';
revoke all on function public.staff_quotes() from public, anon;
grant execute on function public.staff_quotes() to authenticated, service_role;

-- Limits on the quote link (view, accept, name): per client address and per quote, counted in
-- one table under a client-wide lock. A buyer opens a quote a handful of times; a guesser of
-- 256-bit tokens gets nowhere, and the limit keeps the functions from being hammered.
create table private.quote_link_limits (
  id boolean primary key default true,
  max_per_client integer not null,
  max_per_quote integer not null,
  window_seconds integer not null,
  constraint quote_link_limits_single check (id),
  constraint quote_link_limits_positive check (max_per_client > 0 and max_per_quote > 0 and window_seconds > 0)
);
insert into private.quote_link_limits (max_per_client, max_per_quote, window_seconds) values (60, 30, 600);

create table private.quote_link_requests (
  client_key text not null,
  quote_id uuid,
  requested_at timestamptz not null default now()
);
create index quote_link_requests_client_idx on private.quote_link_requests (client_key, requested_at);
create index quote_link_requests_quote_idx on private.quote_link_requests (quote_id, requested_at);

-- Counts one use of a quote link (target null: an unknown token) and refuses past a limit.
-- Only visitors are counted (staff and the service role are not).
create or replace function private.take_quote_link_slot(target uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  client text := private.client_key();
  limits private.quote_link_limits;
  recent integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return;
  end if;
  select * into limits from private.quote_link_limits;
  perform pg_advisory_xact_lock(hashtextextended('quote_link:client:' || client, 0));
  delete from private.quote_link_requests r where r.requested_at < now() - interval '1 day';
  select count(*) into recent from private.quote_link_requests r
   where r.client_key = client and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
    raise exception using errcode = 'PT429', hint = 'too_many_quote_requests',
      message = 'Too many requests for quotes from your network in a short time. Please try again in a few minutes.';
  end if;
  if target is not null then
    perform pg_advisory_xact_lock(hashtextextended('quote_link:quote:' || target::text, 0));
    select count(*) into recent from private.quote_link_requests r
     where r.quote_id = target and r.requested_at > now() - make_interval(secs => limits.window_seconds);
    if recent >= limits.max_per_quote then
      raise exception using errcode = 'PT429', hint = 'too_many_quote_requests',
        message = 'This quote has been opened many times in a short time. Please try again in a few minutes.';
    end if;
  end if;
  insert into private.quote_link_requests (client_key, quote_id) values (client, target);
end;
$$;
revoke all on function private.take_quote_link_slot(uuid) from public;

-- Staff: build a quote ------------------------------------------------------------------------------

-- lines: [{program_id, intake_id?, seats, unit_price, discount_amount?}], each program once, its
-- price in the quote's currency and at most its catalogue price (an order copies that price and
-- records the difference as a discount).
create or replace function public.create_quote(
  organisation text,
  contact_name text,
  contact_email text,
  currency text,
  valid_until date,
  lines jsonb,
  terms text default null,
  buyer_kra_pin text default null,
  hold_days integer default 14,
  names_cutoff_days integer default 3
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  new_id uuid;
  line jsonb;
  line_index integer;
  program record;
  intake record;
  seats_value numeric;
  price numeric;
  discount numeric;
  pin text := nullif(upper(regexp_replace(coalesce(create_quote.buyer_kra_pin, ''), '\s+', '', 'g')), '');
begin
  if not private.staff_may('quotes', true) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only the finance and programmes teams may build quotes.';
  end if;
  if organisation is null or length(btrim(organisation)) not between 1 and 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'Please enter the organisation''s name (at most 200 characters).');
  end if;
  if contact_name is null or length(btrim(contact_name)) not between 1 and 200 then
    perform private.refuse('contact_name', 'invalid_name', 'Please enter the contact''s name.');
  end if;
  if not coalesce(private.is_email(btrim(contact_email)), false) then
    perform private.refuse('contact_email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  if pin is not null and pin !~ '^[A-Z][0-9]{9}[A-Z]$' then
    perform private.refuse('buyer_kra_pin', 'invalid_kra_pin',
      'A KRA PIN is a letter, nine digits and a letter, for example P051234567X.');
  end if;
  if currency is null or currency not in ('USD', 'KES') then
    perform private.refuse('currency', 'invalid_currency', 'Please choose USD or KES.');
  end if;
  if valid_until is null or valid_until < private.nairobi_today() then
    perform private.refuse('valid_until', 'invalid_valid_until', 'The quote must be valid until today or a later day.');
  end if;
  if length(terms) > 5000 then
    perform private.refuse('terms', 'terms_too_long', 'The terms must be at most 5,000 characters.');
  end if;
  if hold_days is null or hold_days not between 1 and 90 then
    perform private.refuse('hold_days', 'invalid_hold_days', 'Seats may be held from 1 to 90 days.');
  end if;
  if names_cutoff_days is null or names_cutoff_days not between 0 and 60 then
    perform private.refuse('names_cutoff_days', 'invalid_names_cutoff', 'Names may close from 0 to 60 days before the intake starts.');
  end if;
  if lines is null or jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
    perform private.refuse('lines', 'no_lines', 'Please add at least one program to the quote.');
  end if;
  if jsonb_array_length(lines) > 20 then
    perform private.refuse('lines', 'too_many_lines', 'A quote can hold at most 20 programs.');
  end if;

  insert into public.quotes (reference, organisation, contact_name, contact_email, buyer_kra_pin, currency, valid_until,
                             terms, hold_days, names_cutoff_days, token)
  values (format('QUO-%s-%s', extract(year from now() at time zone 'Africa/Nairobi'),
                 lpad(nextval('private.quote_reference_seq')::text, 5, '0')),
          btrim(organisation), btrim(contact_name), lower(btrim(contact_email)), pin, currency, valid_until,
          private.optional_text(terms), hold_days, names_cutoff_days,
          translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_'))
  returning id into new_id;

  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(lines) with ordinality e loop
    if jsonb_typeof(line) <> 'object'
       or (line ->> 'program_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse(format('lines.%s.program_id', line_index), 'program_not_found', 'Please choose a program.');
    end if;
    select p.id, p.title, p.price_amount, p.currency, p.is_published into program
      from public.training_programs p where p.id = (line ->> 'program_id')::uuid;
    if not found or not program.is_published then
      perform private.refuse(format('lines.%s.program_id', line_index), 'program_not_found',
        'This program is not published. Please choose another.');
    end if;
    if program.currency <> create_quote.currency then
      perform private.refuse(format('lines.%s.program_id', line_index), 'currency_mismatch',
        format('This program is priced in %s; a quote in %s cannot hold it.', program.currency, create_quote.currency));
    end if;
    if line ->> 'intake_id' is not null then
      select t.id, t.program_id, t.starts_on into intake
        from public.program_intakes t
       where (line ->> 'intake_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         and t.id = (line ->> 'intake_id')::uuid;
      if not found or intake.program_id <> program.id then
        perform private.refuse(format('lines.%s.intake_id', line_index), 'intake_not_found',
          'This intake is not one of the program''s. Please choose another.');
      end if;
      if intake.starts_on <= private.nairobi_today() then
        perform private.refuse(format('lines.%s.intake_id', line_index), 'intake_closed',
          'This intake has already started. Please choose another.');
      end if;
    end if;
    seats_value := case when jsonb_typeof(line -> 'seats') = 'number' then (line ->> 'seats')::numeric end;
    if seats_value is null or seats_value <> trunc(seats_value) or seats_value not between 1 and 1000 then
      perform private.refuse(format('lines.%s.seats', line_index), 'invalid_seats', 'The seats must be a whole number from 1 to 1,000.');
    end if;
    price := case when jsonb_typeof(line -> 'unit_price') = 'number' then round((line ->> 'unit_price')::numeric, 2)
                  when line -> 'unit_price' is null or jsonb_typeof(line -> 'unit_price') = 'null' then program.price_amount end;
    if price is null or price <= 0 then
      perform private.refuse(format('lines.%s.unit_price', line_index), 'invalid_unit_price', 'The unit price must be more than zero.');
    end if;
    if price > program.price_amount then
      perform private.refuse(format('lines.%s.unit_price', line_index), 'above_catalogue_price',
        format('The unit price may be at most the catalogue price, %s %s.', program.currency, program.price_amount));
    end if;
    discount := case when jsonb_typeof(line -> 'discount_amount') = 'number' then round((line ->> 'discount_amount')::numeric, 2)
                     when coalesce(jsonb_typeof(line -> 'discount_amount'), 'null') = 'null' then 0 end;
    if discount is null or discount < 0 or discount > price * seats_value then
      perform private.refuse(format('lines.%s.discount_amount', line_index), 'invalid_discount',
        'The discount must be from zero to the line''s price.');
    end if;
    if exists (select 1 from public.quote_lines l where l.quote_id = new_id and l.program_id = program.id) then
      perform private.refuse(format('lines.%s.program_id', line_index), 'duplicate_program', 'This program is already in the quote.');
    end if;
    insert into public.quote_lines (quote_id, position, program_id, intake_id, title, seats, unit_price, discount_amount)
    values (new_id, line_index + 1, program.id, (line ->> 'intake_id')::uuid, program.title, seats_value::integer, price, discount);
  end loop;
  return new_id;
end;
$$;
comment on function public.create_quote(text, text, text, text, date, jsonb, text, text, integer, integer) is
  'Finance and programmes: a draft quote with its lines (prices at most the catalogue''s, in the quote''s currency).';
revoke all on function public.create_quote(text, text, text, text, date, jsonb, text, text, integer, integer) from public, anon;
grant execute on function public.create_quote(text, text, text, text, date, jsonb, text, text, integer, integer)
  to authenticated, service_role;

-- Staff send a draft (or send a sent one again): it becomes visible at its link.
create or replace function public.send_quote(quote_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.quotes;
begin
  if not private.staff_may('quotes', true) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only the finance and programmes teams may send quotes.';
  end if;
  select * into target from public.quotes q where q.id = send_quote.quote_id for update;
  if not found then
    perform private.refuse('quote_id', 'quote_not_found', 'This quote does not exist.');
  end if;
  if target.state not in ('draft', 'sent', 'viewed') then
    perform private.refuse('quote_id', 'quote_not_sendable', format('A quote that is %s cannot be sent.', target.state));
  end if;
  if target.valid_until < private.nairobi_today() then
    perform private.refuse('quote_id', 'quote_expired', 'This quote has expired; build a new one.');
  end if;
  update public.quotes q set state = case when q.state = 'draft' then 'sent' else q.state end,
                             sent_at = now()
   where q.id = target.id;
end;
$$;
comment on function public.send_quote(uuid) is 'Finance and programmes: sends a quote (visible at its link from now).';
revoke all on function public.send_quote(uuid) from public, anon;
grant execute on function public.send_quote(uuid) to authenticated, service_role;

create or replace function public.withdraw_quote(quote_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.quotes;
begin
  if not private.staff_may('quotes', true) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only the finance and programmes teams may withdraw quotes.';
  end if;
  select * into target from public.quotes q where q.id = withdraw_quote.quote_id for update;
  if not found then
    perform private.refuse('quote_id', 'quote_not_found', 'This quote does not exist.');
  end if;
  if target.state = 'accepted' then
    perform private.refuse('quote_id', 'quote_accepted', 'This quote was accepted; cancel its order instead.');
  end if;
  update public.quotes q set state = 'withdrawn', withdrawn_at = now() where q.id = target.id;
end;
$$;
comment on function public.withdraw_quote(uuid) is 'Finance and programmes: withdraws a quote that is not accepted.';
revoke all on function public.withdraw_quote(uuid) from public, anon;
grant execute on function public.withdraw_quote(uuid) to authenticated, service_role;

-- The buyer: by the link --------------------------------------------------------------------------

-- The last day (Nairobi) names may be given for a line's intake; null: no intake, no cut-off.
create or replace function private.quote_names_close_on(starts_on date, cutoff_days integer)
returns date
language sql
immutable
set search_path = ''
as $$
  select starts_on - cutoff_days - 1;
$$;
revoke all on function private.quote_names_close_on(date, integer) from public;

-- What the link shows: the quote, and once accepted its order and the named participants.
create or replace function private.quote_json(target uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'state', private.quote_state(q.state, q.valid_until),
    'reference', q.reference,
    'organisation', q.organisation,
    'contact_name', q.contact_name,
    'contact_email', q.contact_email,
    'buyer_kra_pin', q.buyer_kra_pin,
    'currency', q.currency,
    'valid_until', q.valid_until,
    'terms', q.terms,
    'hold_days', q.hold_days,
    'names_cutoff_days', q.names_cutoff_days,
    'po_number', q.po_number,
    'accepted_at', q.accepted_at,
    'total', (select coalesce(sum(l.line_total), 0) from public.quote_lines l where l.quote_id = q.id),
    'order', case when o.id is null then null else jsonb_build_object(
      'reference', o.reference, 'token', o.confirmation_token, 'status', o.status,
      'status_label', private.order_status_label(o.status), 'total_usd', o.total_usd, 'total_kes', o.total_kes) end,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'position', l.position,
        'title', l.title,
        'seats', l.seats,
        'unit_price', l.unit_price,
        'discount_amount', l.discount_amount,
        'line_total', l.line_total,
        'intake', case when t.id is null then null else jsonb_build_object(
          'starts_on', t.starts_on, 'ends_on', t.ends_on, 'is_online', t.is_online, 'venue', t.venue) end,
        'names_close_on', case when t.id is null then null else private.quote_names_close_on(t.starts_on, q.names_cutoff_days) end,
        'participants', coalesce((
          select jsonb_agg(jsonb_build_object('position', pa.position, 'name', pa.full_name, 'email', pa.email)
                           order by pa.position)
            from public.order_items i
            join public.order_participants pa on pa.order_item_id = i.id
           where i.order_id = q.order_id and i.program_id = l.program_id), '[]'::jsonb))
        order by l.position)
        from public.quote_lines l
        left join public.program_intakes t on t.id = l.intake_id
       where l.quote_id = q.id), '[]'::jsonb))
    from public.quotes q
    left join public.orders o on o.id = q.order_id
   where q.id = target;
$$;
revoke all on function private.quote_json(uuid) from public;

-- Anyone holding the token: that quote only. Unknown, draft: not found. Expired or withdrawn:
-- only that (state), nothing of its content. Opening a sent quote marks it viewed.
create or replace function public.view_quote(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.quotes;
  state_now text;
begin
  select * into target from public.quotes q
   where q.token = view_quote.token and view_quote.token ~ '^[A-Za-z0-9_-]{43}$';
  perform private.take_quote_link_slot(target.id);
  if target.id is null or target.state = 'draft' then
    raise exception using errcode = 'P0002', hint = 'quote_not_found',
      message = 'We cannot find this quote. Please check the link in your e-mail, or contact us.';
  end if;
  state_now := private.quote_state(target.state, target.valid_until);
  if state_now in ('expired', 'withdrawn') then
    return jsonb_build_object('state', state_now);
  end if;
  if target.state = 'sent' then
    update public.quotes q set state = 'viewed', viewed_at = now() where q.id = target.id;
  end if;
  return private.quote_json(target.id);
end;
$$;
comment on function public.view_quote(text) is
  'Anyone with a quote''s token: that quote (marked viewed); an expired or withdrawn one answers only its state. Limited per client and quote.';
revoke all on function public.view_quote(text) from public;
grant execute on function public.view_quote(text) to anon, authenticated, service_role;

-- Checks names for one line: an array of {name, email?} of at most `seats` entries.
create or replace function private.check_quote_names(names jsonb, seats integer, field text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  participant jsonb;
  participant_index integer;
begin
  if jsonb_typeof(names) <> 'array' then
    perform private.refuse(field, 'invalid_participants', 'Please give the participants as a list.');
  end if;
  if jsonb_array_length(names) > seats then
    perform private.refuse(field, 'too_many_participants', format('This line has %s seats; please name at most %s people.', seats, seats));
  end if;
  for participant, participant_index in
    select e.value, e.ordinality - 1 from jsonb_array_elements(names) with ordinality e loop
    if jsonb_typeof(participant) <> 'object' or jsonb_typeof(participant -> 'name') is distinct from 'string'
       or length(btrim(participant ->> 'name')) not between 1 and 200 then
      perform private.refuse(format('%s.%s.name', field, participant_index), 'invalid_participant_name',
        'Please enter the participant''s name.');
    end if;
    if coalesce(jsonb_typeof(participant -> 'email'), 'null') not in ('null', 'string')
       or (private.optional_text(participant ->> 'email') is not null
           and not private.is_email(btrim(participant ->> 'email'))) then
      perform private.refuse(format('%s.%s.email', field, participant_index), 'invalid_participant_email',
        'Please enter a valid e-mail address or leave it empty.');
    end if;
  end loop;
end;
$$;
revoke all on function private.check_quote_names(jsonb, integer, text) from public;

-- Writes a line's participants: seat i gets names[i]; seats past the list are unnamed (rows
-- removed). A seat's row is updated in place, so its attendance and certificate stay with it.
create or replace function private.write_quote_names(item uuid, names jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  delete from public.order_participants p
   where p.order_item_id = item and p.position > jsonb_array_length(names);
  insert into public.order_participants as p (order_item_id, position, full_name, email)
  select item, e.ordinality, btrim(e.value ->> 'name'), private.optional_text(lower(btrim(e.value ->> 'email')))
    from jsonb_array_elements(names) with ordinality e
  on conflict on constraint order_participants_item_position_key
  do update set full_name = excluded.full_name, email = excluded.email
   where (p.full_name, p.email) is distinct from (excluded.full_name, excluded.email);
end;
$$;
revoke all on function private.write_quote_names(uuid, jsonb) from public;

-- The buyer accepts: an order at the quoted prices, its seats checked under the intakes' locks
-- (as create_order does) and held for the quote's hold_days, paid by invoice. participants, when
-- given: one array per quote line (in order) of at most its seats {name, email?}; the rest are
-- named later. A second acceptance answers the same order (replayed true).
create or replace function public.accept_quote(token text, po_number text, participants jsonb default null)
returns table (reference text, order_token text, replayed boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.quotes;
  existing record;
  line record;
  line_index integer := 0;
  seats_left integer;
  po text := private.optional_text(accept_quote.po_number);
  client text := private.client_key();
  ref_year integer := extract(year from now() at time zone 'Africa/Nairobi')::integer;
  ref_number integer;
  new_reference text;
  new_token text;
  new_order uuid;
  new_item uuid;
  catalogue record;
  names jsonb;
begin
  select * into target from public.quotes q
   where q.token = accept_quote.token and accept_quote.token ~ '^[A-Za-z0-9_-]{43}$';
  perform private.take_quote_link_slot(target.id);
  if target.id is null or target.state = 'draft' then
    raise exception using errcode = 'P0002', hint = 'quote_not_found',
      message = 'We cannot find this quote. Please check the link in your e-mail, or contact us.';
  end if;
  -- One acceptance at a time per quote: the second waits, then finds the first's order.
  select * into target from public.quotes q where q.id = target.id for update;
  if target.state = 'accepted' then
    select o.reference, o.confirmation_token into existing from public.orders o where o.id = target.order_id;
    return query select existing.reference, existing.confirmation_token, true;
    return;
  end if;
  if private.quote_state(target.state, target.valid_until) in ('expired', 'withdrawn') then
    perform private.refuse('token', 'quote_' || private.quote_state(target.state, target.valid_until),
      case when target.state = 'withdrawn' then 'This quote was withdrawn. Please contact us for a new one.'
           else 'This quote has expired. Please contact us for a new one.' end);
  end if;
  if po is null or length(po) > 50 then
    perform private.refuse('po_number', 'invalid_po_number', 'Please enter your purchase-order number (at most 50 characters).');
  end if;
  if participants is not null and jsonb_typeof(participants) <> 'array' then
    perform private.refuse('participants', 'invalid_participants', 'Please give the participants as a list per program.');
  end if;

  -- Lock the quote's intakes in id order (no deadlocks with checkouts), then check each line.
  perform 1 from public.program_intakes t
   where t.id in (select l.intake_id from public.quote_lines l where l.quote_id = target.id)
   order by t.id for update;
  for line in select l.*, t.starts_on, t.capacity, t.is_published as intake_published
                from public.quote_lines l left join public.program_intakes t on t.id = l.intake_id
               where l.quote_id = target.id order by l.position loop
    select p.price_amount, p.currency, p.is_published into catalogue
      from public.training_programs p where p.id = line.program_id;
    if not catalogue.is_published or catalogue.currency <> target.currency
       or catalogue.price_amount * line.seats < line.line_total then
      perform private.refuse(format('lines.%s', line_index), 'quote_program_changed',
        format('%s is no longer offered as quoted. Please contact us for a new quote.', line.title));
    end if;
    if line.intake_id is not null then
      if not line.intake_published or line.starts_on <= private.nairobi_today() then
        perform private.refuse(format('lines.%s', line_index), 'intake_closed',
          format('The intake of %s is no longer open. Please contact us for a new quote.', line.title));
      end if;
      seats_left := line.capacity - coalesce((
        select sum(i.quantity) from public.order_items i
          join public.orders o on o.id = i.order_id and private.order_holds_seats(o.status)
         where i.intake_id = line.intake_id), 0);
      if seats_left < line.seats then
        perform private.refuse(format('lines.%s', line_index), 'intake_full',
          format('Only %s seats are left on the intake of %s. Please contact us.', greatest(seats_left, 0), line.title));
      end if;
    end if;
    names := coalesce(participants -> line_index, '[]'::jsonb);
    perform private.check_quote_names(names, line.seats, format('participants.%s', line_index));
    line_index := line_index + 1;
  end loop;

  insert into private.order_reference_counters as c (year, last_number) values (ref_year, 1)
  on conflict on constraint order_reference_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into ref_number;
  new_reference := format('ASC-%s-%s', ref_year, lpad(ref_number::text, 6, '0'));
  new_token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');

  insert into public.orders (customer_name, customer_email, organisation, po_number, buyer_kra_pin, payment_method,
                             payment_choice, hold_until, currency, terms_accepted_at, reference, confirmation_token,
                             idempotency_key, request_hash, client_key)
  values (target.contact_name, target.contact_email, target.organisation, po, target.buyer_kra_pin, 'invoice',
          'invoice', now() + make_interval(days => target.hold_days), target.currency, now(), new_reference, new_token,
          gen_random_uuid(), md5('quote:' || target.id::text), client)
  returning id into new_order;

  line_index := 0;
  for line in select l.* from public.quote_lines l where l.quote_id = target.id order by l.position loop
    -- The item copies the catalogue price; the quoted price is that less a discount.
    insert into public.order_items (order_id, position, program_id, intake_id, title, unit_price, currency, quantity,
                                    discount_amount, discounted_seats)
    select new_order, line.position, p.id, line.intake_id, p.title, p.price_amount, p.currency, line.seats,
           p.price_amount * line.seats - line.line_total,
           case when p.price_amount * line.seats > line.line_total then line.seats else 0 end
      from public.training_programs p where p.id = line.program_id
    returning id into new_item;
    perform private.write_quote_names(new_item, coalesce(participants -> line_index, '[]'::jsonb));
    line_index := line_index + 1;
  end loop;

  update public.quotes q set state = 'accepted', accepted_at = now(), order_id = new_order, po_number = po
   where q.id = target.id;

  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_confirmation', new_order, target.contact_email),
         ('order_notification', new_order, null);

  return query select new_reference, new_token, false;
end;
$$;
comment on function public.accept_quote(text, text, jsonb) is
  'Anyone with a quote''s token: accepts it with a PO number (names optional), making an order at the quoted prices; idempotent.';
revoke all on function public.accept_quote(text, text, jsonb) from public;
grant execute on function public.accept_quote(text, text, jsonb) to anon, authenticated, service_role;

-- Names later: the buyer names or changes the participants of an accepted quote's order, one
-- array per quote line (null: leave that line as it is), until names close for its intake.
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
      if line.starts_on is not null
         and private.nairobi_today() > private.quote_names_close_on(line.starts_on, target.names_cutoff_days) then
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

-- public.intake_roster: from 20261128100000_rosters_attendance_completion.sql; also one row per
-- unnamed seat (participant_id and full_name null) of the orders that hold seats, after the named.
create or replace function public.intake_roster(intake_id uuid)
returns table (
  participant_id uuid,
  full_name text,
  email text,
  order_id uuid,
  order_reference text,
  order_status text,
  buyer_name text,
  buyer_email text,
  organisation text,
  days_total integer,
  days_present integer,
  min_attendance_share numeric,
  rule_holds boolean,
  override_completed boolean,
  override_reason text,
  override_by_email text,
  override_at timestamptz,
  completed boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('order_participants', false) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only staff who work with participants (front desk, programmes, finance) can read a roster.';
  end if;
  return query
    select r.participant_id, r.full_name, r.email, r.order_id, r.order_reference, r.order_status, r.buyer_name,
           r.buyer_email, r.organisation, r.days_total, r.days_present, r.min_attendance_share, r.rule_holds,
           r.override_completed, r.override_reason, r.override_by_email, r.override_at, r.completed
      from (
        select p.id as participant_id, p.full_name, p.email, o.id as order_id, o.reference as order_reference,
               o.status as order_status, o.customer_name as buyer_name, o.customer_email as buyer_email, o.organisation,
               c.days_total, c.days_present, c.min_attendance_share, c.rule_holds,
               c.override_completed, c.override_reason, c.override_by_email, c.override_at, c.completed,
               i.position as item_position, p.position as seat
          from private.participant_completion c
          join public.order_participants p on p.id = c.participant_id
          join public.order_items i on i.id = p.order_item_id
          join public.orders o on o.id = c.order_id
         where c.intake_id = intake_roster.intake_id and private.order_holds_seats(o.status)
        union all
        select null::uuid, null::text, null::text, o.id, o.reference, o.status, o.customer_name, o.customer_email,
               o.organisation, null::integer, null::integer, null::numeric, null::boolean, null::boolean, null::text,
               null::text, null::timestamptz, false, i.position, seat.n
          from public.order_items i
          join public.orders o on o.id = i.order_id
          cross join lateral generate_series(1, i.quantity) as seat(n)
         where i.intake_id = intake_roster.intake_id and private.order_holds_seats(o.status)
           and not exists (select 1 from public.order_participants p
                            where p.order_item_id = i.id and p.position = seat.n)
      ) r
     order by r.order_reference, r.item_position, r.full_name is null, r.seat;
end;
$$;
