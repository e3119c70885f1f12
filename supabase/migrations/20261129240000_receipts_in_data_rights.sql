-- A customer's payment receipts (20261129210000) in their data download, and kept with the order
-- they record when a deletion request is completed: a receipt is a record of a payment, kept as the
-- order's tax documents are. Both functions redefined from 20261128280000_data_rights.sql.

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
  ), receipts as (
    select r.* from public.payment_receipts r
     where r.order_id in (select id from own_orders) or lower(r.payer_email) = address
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
    union all select 'public.payment_receipts', id::text from receipts
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
    'payment_receipts', (select coalesce(jsonb_agg(to_jsonb(x) order by x.issued_at), '[]') from receipts x),
    'data_erasure_requests', (select coalesce(jsonb_agg(to_jsonb(x) order by x.requested_at), '[]') from requests x),
    'audit_log', (select coalesce(jsonb_agg(to_jsonb(x) order by x.id), '[]') from audit x)
  );
$$;

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

  -- Kept: paid orders and orders with a tax document or a payment receipt (a payment taken after
  -- the order was cancelled or expired), until the end of their fifth year.
  select coalesce(array_agg(o.reference order by o.created_at), '{}'),
         max(make_date(extract(year from coalesce(o.paid_at, d.first_issued, o.created_at))::integer
                       + private.tax_record_years(), 12, 31))
    into kept_refs, kept
    from public.orders o
    left join lateral (
      select min(issued_at) as first_issued
        from (select t.issued_at from public.tax_documents t where t.order_id = o.id
              union all select r.issued_at from public.payment_receipts r where r.order_id = o.id) issued
    ) d on true
   where lower(o.customer_email) = address
     and (o.status = 'paid' or d.first_issued is not null);

  select coalesce(array_agg(o.id), '{}') into erased_orders
    from public.orders o
   where lower(o.customer_email) = address
     and o.status <> 'paid'
     and not exists (select 1 from public.tax_documents t where t.order_id = o.id)
     and not exists (select 1 from public.payment_receipts r where r.order_id = o.id);

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
