-- Customer accounts (issue 28): a signed-in customer reads their own orders (lines, participants),
-- event registrations, certificates and newsletter row, matched on the session's e-mail address
-- (case-insensitive) and only while that address is confirmed and the session open. Nothing is
-- taken from the browser: the address is the JWT's, checked against auth.users, so orders placed
-- without an account are the customer's as soon as they sign in with the same address.

-- The current session's confirmed address, lower-cased, or null: no confirmed address, an address
-- that is no longer the account's (a pending or finished change), a deleted user, a closed session.
create or replace function private.session_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email)
    from auth.users u
   where u.id = (select auth.uid())
     and u.email_confirmed_at is not null
     and u.deleted_at is null
     and lower(u.email) = lower((select auth.jwt()) ->> 'email')
     and exists (
       select 1 from auth.sessions session
        where session.id = nullif((select auth.jwt()) ->> 'session_id', '')::uuid
          and session.user_id = u.id
     );
$$;

comment on function private.session_email() is
  'The signed-in customer''s confirmed e-mail address (lower case) for an open session, else null: what customer policies match rows on.';
revoke all on function private.session_email() from public, anon;
grant execute on function private.session_email() to authenticated;

-- Whether the order is the signed-in customer's (a definer, so line and participant policies do
-- not run the orders policies again for each row).
create or replace function private.customer_owns_order(order_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.orders o
     where o.id = customer_owns_order.order_id
       and lower(o.customer_email) = (select private.session_email())
  );
$$;

revoke all on function private.customer_owns_order(uuid) from public, anon;
grant execute on function private.customer_owns_order(uuid) to authenticated;

create index if not exists orders_customer_email_lower_idx on public.orders (lower(customer_email));
create index if not exists event_registrations_email_lower_idx on public.event_registrations (lower(email));
create index if not exists newsletter_subscribers_email_lower_idx on public.newsletter_subscribers (lower(email));

create policy orders_select_customer on public.orders
  for select to authenticated
  using (lower(customer_email) = (select private.session_email()));

create policy order_items_select_customer on public.order_items
  for select to authenticated
  using ((select private.session_email()) is not null and private.customer_owns_order(order_id));

create policy order_participants_select_customer on public.order_participants
  for select to authenticated
  using (
    (select private.session_email()) is not null
    and exists (
      select 1 from public.order_items i
       where i.id = order_item_id and private.customer_owns_order(i.order_id)
    )
  );

create policy event_registrations_select_customer on public.event_registrations
  for select to authenticated
  using (lower(email) = (select private.session_email()));

-- A certificate is the holder's (the participant's address) and the buyer's who booked the seat.
create policy certificates_select_customer on public.certificates
  for select to authenticated
  using (
    (select private.session_email()) is not null
    and exists (
      select 1 from public.order_participants p
        join public.order_items i on i.id = p.order_item_id
       where p.id = participant_id
         and (lower(p.email) = (select private.session_email()) or private.customer_owns_order(i.order_id))
    )
  );

create policy newsletter_subscribers_select_customer on public.newsletter_subscribers
  for select to authenticated
  using (lower(email) = (select private.session_email()));

-- A participant's name on a paid order, changed by the customer until the intake starts ----------

create or replace function public.rename_order_participant(participant_id uuid, full_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
  name text := btrim(coalesce(rename_order_participant.full_name, ''));
begin
  if (select private.session_email()) is null then
    raise exception using errcode = '42501', hint = 'customer_required',
      message = 'Sign in with your e-mail address to change a participant.';
  end if;
  if length(name) not between 1 and 200 then
    raise exception using errcode = '22023', hint = 'name_invalid',
      message = 'A participant''s name must be between 1 and 200 characters.';
  end if;
  select o.status, pi.starts_on
    into target
    from public.order_participants p
    join public.order_items i on i.id = p.order_item_id
    join public.orders o on o.id = i.order_id
    left join public.program_intakes pi on pi.id = i.intake_id
   where p.id = rename_order_participant.participant_id
     and lower(o.customer_email) = (select private.session_email())
     for update of p;
  if not found then
    raise exception using errcode = 'P0002', hint = 'participant_not_found',
      message = 'No participant of yours has this id.';
  end if;
  if target.status <> 'paid' then
    raise exception using errcode = '22023', hint = 'order_not_paid',
      message = 'Participants can be changed here once the order is paid.';
  end if;
  if target.starts_on is null or target.starts_on <= private.nairobi_today() then
    raise exception using errcode = '22023', hint = 'intake_started',
      message = 'The intake has started: ask the institute to change a participant.';
  end if;
  -- The audit trigger on order_participants records the change and who made it.
  update public.order_participants p set full_name = name where p.id = rename_order_participant.participant_id;
end;
$$;

comment on function public.rename_order_participant(uuid, text) is
  'Customer: renames a participant of their own paid order until the intake starts (audited by the table''s trigger).';
revoke all on function public.rename_order_participant(uuid, text) from public, anon;
grant execute on function public.rename_order_participant(uuid, text) to authenticated;
