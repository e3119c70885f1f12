-- Data rights (issue 28, item 3; Kenya's Data Protection Act 2019, sections 26 and 40): a signed-in
-- customer downloads everything the institute holds about their address (public.my_data) and asks
-- for it to be erased (public.request_data_erasure); an admin completes the request
-- (public.complete_data_erasure): personal data is erased or anonymised everywhere, except paid
-- orders and their tax documents, which the Tax Procedures Act makes the institute keep; the person
-- is told by e-mail. Every step is audited. See docs/accounts.md, "Data rights".

-- Figures ----------------------------------------------------------------------------------------

-- Days the institute gives itself to complete an erasure request: its configured figure (the
-- Data Protection (General) Regulations 2021, regulation 12, sets the procedure; see docs).
create or replace function private.data_erasure_due_days()
returns integer
language sql
immutable
set search_path = ''
as $$ select 14 $$;

-- Years a paid order's records are kept after the end of the year it was paid in (Tax Procedures
-- Act 2015, section 23: five years from the end of the reporting period).
create or replace function private.tax_record_years()
returns integer
language sql
immutable
set search_path = ''
as $$ select 5 $$;

revoke all on function private.data_erasure_due_days(), private.tax_record_years() from public;

-- Requests -----------------------------------------------------------------------------------------

create table public.data_erasure_requests (
  id uuid primary key default gen_random_uuid(),
  -- The address the request is for; null once completed (the request stays as the record).
  email text,
  requested_at timestamptz not null default now(),
  due_by timestamptz not null,
  status text not null default 'open',
  completed_at timestamptz,
  completed_by uuid,
  completed_by_email text,
  -- What was kept, why and until when (also the mail's text).
  note text,
  kept_until date,
  kept_orders text[] not null default '{}',
  constraint data_erasure_requests_status_known check (status in ('open', 'completed')),
  constraint data_erasure_requests_open_has_email check (status <> 'open' or (email is not null and email = lower(email))),
  constraint data_erasure_requests_completed_has_time check (status <> 'completed' or (completed_at is not null and email is null)),
  constraint data_erasure_requests_note_length check (note is null or length(note) <= 2000)
);

comment on table public.data_erasure_requests is
  'Erasure requests under the Data Protection Act (issue 28): one open per address; completed by an admin through complete_data_erasure.';

create unique index data_erasure_requests_open_email_key on public.data_erasure_requests (email) where status = 'open';
create index data_erasure_requests_due_idx on public.data_erasure_requests (due_by) where status = 'open';

alter table public.data_erasure_requests enable row level security;
revoke all on table public.data_erasure_requests from anon, authenticated;
grant select on table public.data_erasure_requests to authenticated;

-- Staff: admin only (no private.staff_access rows): completing a request erases data across orders,
-- registrations and enquiries, which no single other role owns, and cannot be undone.
create policy data_erasure_requests_select_staff on public.data_erasure_requests
  for select to authenticated
  using ((select private.staff_may('data_erasure_requests', false)));

-- The customer sees their own open request (the page shows it instead of the button).
create policy data_erasure_requests_select_customer on public.data_erasure_requests
  for select to authenticated
  using (email = (select private.session_email()));

create trigger data_erasure_requests_audit
  after insert or update or delete on public.data_erasure_requests
  for each row execute function private.audit_row_change();

-- The customer asks; a second request while one is open answers the open one.
create or replace function public.request_data_erasure()
returns table (id uuid, requested_at timestamptz, due_by timestamptz, already_requested boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := (select private.session_email());
begin
  if address is null then
    raise exception using errcode = '42501', hint = 'customer_required',
      message = 'Sign in with your e-mail address to ask for your data to be deleted.';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('data_erasure:' || address, 0));
  return query
    select r.id, r.requested_at, r.due_by, true
      from public.data_erasure_requests r
     where r.email = address and r.status = 'open';
  if found then
    return;
  end if;
  return query
    insert into public.data_erasure_requests as r (email, due_by)
    values (address, now() + make_interval(days => private.data_erasure_due_days()))
    returning r.id, r.requested_at, r.due_by, false;
end;
$$;

comment on function public.request_data_erasure() is
  'Customer: records a request to erase the data held about their address (one open request per address).';
revoke all on function public.request_data_erasure() from public, anon;
grant execute on function public.request_data_erasure() to authenticated;

-- Download my data -----------------------------------------------------------------------------------

-- The rows held about an address, by kind (each an array of flat objects: one CSV per kind).
-- Shared by the download and by the erasure (which erases what the download shows).
create or replace function private.data_about(address text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with own_orders as (
    select o.* from public.orders o where lower(o.customer_email) = address
  ), items as (
    select i.* from public.order_items i where i.order_id in (select id from own_orders)
  ), participants as (
    select p.* from public.order_participants p
     where p.order_item_id in (select id from items) or lower(p.email) = address
  ), payments as (
    select a.* from public.mpesa_payment_attempts a where a.order_id in (select id from own_orders)
  ), registrations as (
    select r.* from public.event_registrations r where lower(r.email) = address
  ), enquiries as (
    select e.* from public.enquiries e where lower(e.email) = address
  ), subscriptions as (
    select s.* from public.newsletter_subscribers s where lower(s.email) = address
  ), certificates as (
    select c.* from public.certificates c where c.participant_id in (select id from participants)
  ), documents as (
    select d.* from public.tax_documents d
     where d.order_id in (select id from own_orders) or lower(d.buyer_email) = address
  ), document_lines as (
    select l.* from public.tax_document_lines l where l.document_id in (select id from documents)
  ), requests as (
    select q.* from public.data_erasure_requests q where q.email = address
  ), rows_about as (
    select 'public.orders' as table_name, id::text as row_id from own_orders
    union all select 'public.order_participants', id::text from participants
    union all select 'public.mpesa_payment_attempts', id::text from payments
    union all select 'public.event_registrations', id::text from registrations
    union all select 'public.enquiries', id::text from enquiries
    union all select 'public.newsletter_subscribers', id::text from subscriptions
    union all select 'public.certificates', id::text from certificates
    union all select 'public.data_erasure_requests', id::text from requests
  ), audit as (
    -- Who acted is shown as a kind (the staff member's identity is theirs, not the customer's).
    select l.id, l.occurred_at, l.table_name, l.row_id, l.action,
           case when lower(l.actor_email) = address then 'you'
                when l.actor_staff_roles is not null then 'staff'
                else 'system' end as actor,
           l.before, l.after
      from private.audit_log l
     where (l.table_name, l.row_id) in (select table_name, row_id from rows_about)
        or lower(l.actor_email) = address
  )
  select jsonb_build_object(
    'email', address,
    'generated_at', now(),
    'orders', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at), '[]') from own_orders x),
    'order_items', (select coalesce(jsonb_agg(to_jsonb(x) order by x.order_id, x.position), '[]') from items x),
    'order_participants', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at, x.position), '[]') from participants x),
    'mpesa_payment_attempts', (select coalesce(jsonb_agg(to_jsonb(x) order by x.requested_at), '[]') from payments x),
    'event_registrations', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at), '[]') from registrations x),
    'enquiries', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at), '[]') from enquiries x),
    'newsletter_subscribers', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at), '[]') from subscriptions x),
    'certificates', (select coalesce(jsonb_agg(to_jsonb(x) order by x.issued_at), '[]') from certificates x),
    'tax_documents', (select coalesce(jsonb_agg(to_jsonb(x) order by x.issued_at), '[]') from documents x),
    'tax_document_lines', (select coalesce(jsonb_agg(to_jsonb(x) order by x.document_id, x.position), '[]') from document_lines x),
    'data_erasure_requests', (select coalesce(jsonb_agg(to_jsonb(x) order by x.requested_at), '[]') from requests x),
    'audit_log', (select coalesce(jsonb_agg(to_jsonb(x) order by x.id), '[]') from audit x)
  );
$$;

revoke all on function private.data_about(text) from public;

create or replace function public.my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text := (select private.session_email());
begin
  if address is null then
    raise exception using errcode = '42501', hint = 'customer_required',
      message = 'Sign in with your e-mail address to download your data.';
  end if;
  return private.data_about(address);
end;
$$;

comment on function public.my_data() is
  'Customer: everything the institute holds about the session''s confirmed address, by kind (orders, participants, payments, registrations, enquiries, newsletter, certificates, tax documents, requests, audit entries).';
revoke all on function public.my_data() from public, anon;
grant execute on function public.my_data() to authenticated;

-- The audit log may be scrubbed by an erasure, and only then --------------------------------------

-- Redefined from 20261124200000_audit_log.sql: still append-only, except that an erasure
-- (private.erase_audit_personal_data, inside complete_data_erasure) may rewrite the images and
-- actor address of entries; what happened, when, to which row and by which role stays.
create or replace function private.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and current_setting('ascent.erasing_personal_data', true) = 'on'
     and new.id = old.id and new.occurred_at = old.occurred_at and new.table_name = old.table_name
     and new.row_id = old.row_id and new.action = old.action and new.actor_role = old.actor_role
     and new.actor_id is not distinct from old.actor_id then
    return new;
  end if;
  raise exception 'the audit log cannot be changed or emptied'
    using errcode = '42501', hint = 'Audit entries are append-only.';
end;
$$;

-- The personal fields an erasure blanks in audit images (the erased rows' columns).
create or replace function private.erase_audit_image(image jsonb, placeholder text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when image is null then null else
    image || (
      select coalesce(jsonb_object_agg(key, case when key in ('customer_email', 'email') then to_jsonb(placeholder)
                                                 else 'null'::jsonb end), '{}')
        from jsonb_object_keys(image) as key
       where key in ('customer_email', 'customer_name', 'customer_phone', 'organisation', 'buyer_address',
                     'buyer_kra_pin', 'po_number', 'email', 'name', 'full_name', 'phone', 'message',
                     'internal_notes', 'client_key', 'token', 'confirmation_token')
    ) end;
$$;

revoke all on function private.erase_audit_image(jsonb, text) from public;

-- Completion ------------------------------------------------------------------------------------------

alter table public.mail_outbox
  add column data_erasure_request_id uuid references public.data_erasure_requests (id) on delete cascade;

comment on column public.mail_outbox.data_erasure_request_id is 'The erasure request a data_erasure_completed mail reports on.';

alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued', 'data_erasure_completed'));

create unique index mail_outbox_data_erasure_key on public.mail_outbox (data_erasure_request_id)
  where kind = 'data_erasure_completed';

-- Once the erasure mail is sent its address is forgotten too (it was only needed to send it).
create or replace function private.forget_erasure_mail_recipient()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.kind = 'data_erasure_completed' and new.status = 'sent' then
    new.recipient := null;
  end if;
  return new;
end;
$$;

revoke all on function private.forget_erasure_mail_recipient() from public;

create trigger mail_outbox_forget_erasure_recipient
  before update of status on public.mail_outbox
  for each row execute function private.forget_erasure_mail_recipient();

create or replace function public.complete_data_erasure(request_id uuid)
returns public.data_erasure_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  request public.data_erasure_requests;
  address text;
  placeholder text;
  kept_refs text[];
  kept date;
  erased_orders uuid[];
  erased_participants uuid[];
  erased_registrations uuid[];
  erased_enquiries uuid[];
  erased_subscribers uuid[];
  erased_payments uuid[];
  message text;
begin
  if not private.staff_may('data_erasure_requests', true) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only an admin may complete a data erasure request.';
  end if;
  select * into request from public.data_erasure_requests r where r.id = complete_data_erasure.request_id for update;
  if not found then
    raise exception using errcode = 'P0002', hint = 'request_not_found', message = 'No data erasure request has this id.';
  end if;
  if request.status <> 'open' then
    raise exception using errcode = '22023', hint = 'request_completed', message = 'This request is already completed.';
  end if;
  address := request.email;
  if exists (select 1 from public.staff s
               left join auth.users u on u.id = s.user_id
              where lower(s.email) = address or lower(u.email) = address) then
    raise exception using errcode = '22023', hint = 'staff_account',
      message = 'This address belongs to a staff account: remove the staff member first (Staff), then complete the request.';
  end if;
  placeholder := 'erased-' || left(request.id::text, 8) || '@erased.invalid';

  -- Kept: paid orders and orders with a tax document, until the end of their fifth year.
  select coalesce(array_agg(o.reference order by o.created_at), '{}'),
         max(make_date(extract(year from coalesce(o.paid_at, d.first_issued, o.created_at))::integer
                       + private.tax_record_years(), 12, 31))
    into kept_refs, kept
    from public.orders o
    left join lateral (select min(t.issued_at) as first_issued from public.tax_documents t where t.order_id = o.id) d on true
   where lower(o.customer_email) = address
     and (o.status = 'paid' or d.first_issued is not null);

  select coalesce(array_agg(o.id), '{}') into erased_orders
    from public.orders o
   where lower(o.customer_email) = address
     and o.status <> 'paid'
     and not exists (select 1 from public.tax_documents t where t.order_id = o.id);

  update public.orders o
     set customer_name = 'Erased', customer_email = placeholder, customer_phone = null, organisation = null,
         buyer_address = null, buyer_kra_pin = null, po_number = null
   where o.id = any(erased_orders);

  select coalesce(array_agg(p.id), '{}') into erased_participants
    from public.order_participants p
    join public.order_items i on i.id = p.order_item_id
   where i.order_id = any(erased_orders);
  update public.order_participants p set full_name = 'Erased', email = null where p.id = any(erased_participants);
  -- Their address as someone else's participant: forgotten; the name stays with that order.
  with changed as (
    update public.order_participants p set email = null where lower(p.email) = address returning p.id
  )
  select erased_participants || coalesce(array_agg(id), '{}') into erased_participants from changed;

  select coalesce(array_agg(a.id), '{}') into erased_payments
    from public.mpesa_payment_attempts a where a.order_id = any(erased_orders);
  update public.mpesa_payment_attempts a set phone = '254700000000' where a.id = any(erased_payments);

  with changed as (
    update public.event_registrations r
       set name = 'Erased', email = placeholder, phone = '+254700000000', organisation = null
     where lower(r.email) = address
    returning r.id
  )
  select coalesce(array_agg(id), '{}') into erased_registrations from changed;

  with changed as (
    update public.enquiries e
       set name = 'Erased', email = placeholder, phone = null, organisation = null,
           message = 'Erased at the sender''s request.', internal_notes = null
     where lower(e.email) = address
    returning e.id
  )
  select coalesce(array_agg(id), '{}') into erased_enquiries from changed;

  with gone as (
    delete from public.newsletter_subscribers s where lower(s.email) = address returning s.id
  )
  select coalesce(array_agg(id), '{}') into erased_subscribers from gone;

  -- Mails to the address (sent or waiting) and the per-address limit log.
  delete from public.mail_outbox m where lower(m.recipient) = address;
  delete from private.address_requests r where r.address_key = private.address_key(address);

  -- The account (its sessions, identities, factors and codes go with it), and Auth's logs that name
  -- the address: hosted Auth's audit log, the local stand-in's sign-in throttle (where present).
  delete from auth.users u where lower(u.email) = address;
  if to_regclass('auth.audit_log_entries') is not null then
    execute 'delete from auth.audit_log_entries e where lower(e.payload ->> ''actor_username'') = $1
               or lower(e.payload -> ''traits'' ->> ''user_email'') = $1' using address;
  end if;
  if to_regclass('auth.failed_attempts') is not null then
    execute 'delete from auth.failed_attempts f where lower(f.account) = $1' using address;
  end if;
  if to_regclass('auth.signin_addresses') is not null then
    execute 'delete from auth.signin_addresses s where lower(s.account) = $1' using address;
  end if;

  message := case when cardinality(kept_refs) = 0
    then 'Everything held about the address was erased or anonymised.'
    else format('Kept as the Tax Procedures Act requires (records of a sale for %s years): the paid orders %s and their invoices, until %s. Everything else was erased or anonymised.',
                private.tax_record_years(), array_to_string(kept_refs, ', '), to_char(kept, 'FMDD Month YYYY')) end;

  update public.data_erasure_requests r
     set status = 'completed', email = null, completed_at = now(), completed_by = (select auth.uid()),
         completed_by_email = (select auth.jwt()) ->> 'email', note = message, kept_until = kept, kept_orders = kept_refs
   where r.id = request.id
  returning * into request;

  insert into public.mail_outbox (kind, data_erasure_request_id, recipient)
  values ('data_erasure_completed', request.id, address);

  -- Last: the audit images of the erased rows (including this erasure's own updates) and the
  -- address as an actor. Entries about kept orders stay as they are.
  perform set_config('ascent.erasing_personal_data', 'on', true);
  update private.audit_log l
     set before = private.erase_audit_image(l.before, placeholder),
         after = private.erase_audit_image(l.after, placeholder),
         actor_email = case when lower(l.actor_email) = address then placeholder else l.actor_email end
   where lower(l.actor_email) = address
      or (l.table_name = 'public.orders' and l.row_id = any(erased_orders::text[]))
      or (l.table_name = 'public.order_participants' and l.row_id = any(erased_participants::text[]))
      or (l.table_name = 'public.mpesa_payment_attempts' and l.row_id = any(erased_payments::text[]))
      or (l.table_name = 'public.event_registrations' and l.row_id = any(erased_registrations::text[]))
      or (l.table_name = 'public.enquiries' and l.row_id = any(erased_enquiries::text[]))
      or (l.table_name = 'public.newsletter_subscribers' and l.row_id = any(erased_subscribers::text[]))
      or (l.table_name = 'public.data_erasure_requests' and l.row_id = request.id::text);
  perform set_config('ascent.erasing_personal_data', 'off', true);

  return request;
end;
$$;

comment on function public.complete_data_erasure(uuid) is
  'Admin: erases or anonymises the data held about a request''s address, keeps paid orders and tax documents (noted with the date), queues the mail to the person.';
revoke all on function public.complete_data_erasure(uuid) from public, anon;
grant execute on function public.complete_data_erasure(uuid) to authenticated;

-- What the mail worker renders the erasure mail from (service role only).
create or replace function public.data_erasure_mail_document(request_id uuid)
returns table (completed_at timestamptz, note text, kept_until date, kept_orders text[])
language sql
stable
security definer
set search_path = ''
as $$
  select r.completed_at, r.note, r.kept_until, r.kept_orders
    from public.data_erasure_requests r
   where r.id = data_erasure_mail_document.request_id and r.status = 'completed';
$$;

comment on function public.data_erasure_mail_document(uuid) is 'Mail worker only: a completed erasure request as its e-mail prints it.';
revoke all on function public.data_erasure_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.data_erasure_mail_document(uuid) to service_role;
