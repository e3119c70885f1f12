-- Seats are held, not taken (issue 23, "What to build" 1) and an order's customer hears of every
-- change of its state (issue 22, items 1 and 5).
--
-- Design notes (the why):
--  * An unpaid order holds its seats for a limited time, set per payment choice in
--    private.order_hold_settings (M-Pesa on the phone 30 minutes, M-Pesa Paybill 2 hours,
--    invoice 72 hours): orders.hold_until. public.expire_order_holds(at) (service role) mails a
--    reminder once the hold is nearly over and, once it is over, sets the order `expired`
--    (seats back: only pending, confirmed and paid orders hold seats, private.order_holds_seats)
--    and mails the customer. The mail worker (process-mail-outbox, every 2 s locally, a cron job
--    hosted) calls it at the start of each run, so no extra schedule is needed. An order whose
--    payment is under way (an open M-Pesa prompt, an M-Pesa code sent and not rejected, a
--    payment reference recorded) is never expired; staff confirming an order take it off the
--    clock (status `confirmed`), and staff may extend a hold (extend_order_hold).
--  * Visitors' orders are capped (private.order_seat_caps): seats per program, seats per order,
--    and seats held by a client's unpaid (pending) orders. A group above the caps books through
--    an enquiry for a quote, and the refusal says so. Paid events: seats a client holds on one
--    event are capped the same way (a before-insert trigger, so register_for_event is unchanged).
--  * The payment the customer chose is recorded (orders.payment_choice): invoice, M-Pesa
--    Paybill or M-Pesa on the phone (STK push); payment_method stays invoice / mpesa.
--  * Status and payment words come from one place, private.order_status_label and
--    private.order_payment_label, returned in the order's JSON for the page, PDF and e-mails.
--  * Staff confirming, marking paid and cancelling each queue one e-mail to the customer in the
--    same transaction (the outbox sends each row at most once); M-Pesa's own payment keeps its
--    receipt e-mail.

-- Orders: the choice, the hold, expired ----------------------------------------------------------

alter table public.orders
  add column payment_choice text,
  add column hold_until timestamptz,
  add column hold_reminded_at timestamptz,
  add column expired_at timestamptz;

update public.orders
   set payment_choice = case when payment_method = 'mpesa' then 'mpesa_paybill' else 'invoice' end;

-- Rows written without a choice (the seed, scripts) get the default, 'invoice'; for an M-Pesa
-- order that can only mean the Paybill (the phone prompt is always recorded by create_order).
create or replace function private.default_payment_choice()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.payment_method = 'mpesa' and new.payment_choice = 'invoice' then
    new.payment_choice := 'mpesa_paybill';
  end if;
  return new;
end;
$$;

revoke all on function private.default_payment_choice() from public;

create trigger orders_default_payment_choice
  before insert on public.orders
  for each row execute function private.default_payment_choice();

alter table public.orders
  alter column payment_choice set default 'invoice',
  alter column payment_choice set not null,
  add constraint orders_payment_choice_known check (
    (payment_choice = 'invoice' and payment_method = 'invoice')
    or (payment_choice in ('mpesa_paybill', 'mpesa_express') and payment_method = 'mpesa')),
  drop constraint orders_status_known,
  add constraint orders_status_known check (status in ('pending', 'confirmed', 'paid', 'cancelled', 'expired')),
  add constraint orders_expired_has_time check (status <> 'expired' or expired_at is not null);

comment on column public.orders.payment_choice is 'How the customer chose to pay: invoice, mpesa_paybill, or mpesa_express (the prompt on the phone).';
comment on column public.orders.hold_until is 'An unpaid (pending) order holds its seats until then; null: no time limit (staff-made or seeded rows).';

-- The expiry job scans pending orders by the end of their hold.
create index orders_pending_hold_idx on public.orders (hold_until) where status = 'pending';
-- The per-client cap sums a client's pending orders.
create index orders_pending_client_idx on public.orders (client_key) where status = 'pending';

-- Settings ----------------------------------------------------------------------------------------

create table private.order_hold_settings (
  payment_choice text primary key,
  hold_seconds integer not null,
  -- The reminder goes out this long before the hold ends.
  remind_before_seconds integer not null,
  constraint order_hold_settings_choice_known check (payment_choice in ('invoice', 'mpesa_paybill', 'mpesa_express')),
  constraint order_hold_settings_positive check (hold_seconds > 0 and remind_before_seconds between 0 and hold_seconds)
);

insert into private.order_hold_settings (payment_choice, hold_seconds, remind_before_seconds) values
  ('mpesa_express', 30 * 60, 10 * 60),
  ('mpesa_paybill', 2 * 3600, 30 * 60),
  ('invoice', 72 * 3600, 24 * 3600);

create table private.order_seat_caps (
  id boolean primary key default true,
  -- One order line (one program) booked online.
  max_seats_per_program integer not null,
  -- All lines of one order.
  max_seats_per_order integer not null,
  -- Seats held by one client's unpaid (pending) orders together, this order included.
  max_held_seats_per_client integer not null,
  -- Seats one client holds on one paid event (registrations are not paid online).
  max_event_seats_per_client integer not null,
  constraint order_seat_caps_single_row check (id),
  constraint order_seat_caps_positive check (
    max_seats_per_program > 0 and max_seats_per_order > 0 and max_held_seats_per_client > 0
    and max_event_seats_per_client > 0)
);

insert into private.order_seat_caps (max_seats_per_program, max_seats_per_order, max_held_seats_per_client,
                                     max_event_seats_per_client)
values (10, 20, 30, 10);

-- Words and predicates: one source ---------------------------------------------------------------

-- Which orders hold seats: everything but cancelled and expired ones.
create or replace function private.order_holds_seats(status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select status in ('pending', 'confirmed', 'paid');
$$;

-- The status as customers read it (page, PDF, e-mails).
create or replace function private.order_status_label(status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case status
    when 'pending' then 'Awaiting payment'
    when 'confirmed' then 'Confirmed, awaiting payment'
    when 'paid' then 'Paid'
    when 'cancelled' then 'Cancelled'
    when 'expired' then 'Expired unpaid'
    else status end;
$$;

-- The payment choice as customers and staff read it.
create or replace function private.order_payment_label(choice text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case choice
    when 'invoice' then 'Invoice / bank transfer'
    when 'mpesa_paybill' then 'M-Pesa Paybill'
    when 'mpesa_express' then 'M-Pesa (pay now on your phone)'
    else choice end;
$$;

-- A payment under way: an open prompt, a code sent and not rejected, or a reference recorded.
create or replace function private.order_payment_in_progress(target uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.orders o
                  where o.id = target
                    and ((o.mpesa_code is not null and o.mpesa_code_status is distinct from 'rejected')
                         or o.payment_reference is not null))
      or exists (select 1 from public.mpesa_payment_attempts a
                  where a.order_id = target and a.status in ('requesting', 'pending'));
$$;

revoke all on function private.order_holds_seats(text), private.order_status_label(text),
  private.order_payment_label(text), private.order_payment_in_progress(uuid) from public;

-- The order as the page, the PDF and the e-mails show it (checkout_orders.sql), with the words
-- for its status and payment choice and its hold.
create or replace function private.order_json(target uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', o.reference,
    'status', o.status,
    'status_label', private.order_status_label(o.status),
    'created_at', o.created_at,
    'payment_method', o.payment_method,
    'payment_choice', o.payment_choice,
    'payment_label', private.order_payment_label(o.payment_choice),
    'hold_until', o.hold_until,
    'status_changed_at', o.status_changed_at,
    'currency', o.currency,
    'buyer', jsonb_build_object(
      'name', o.customer_name, 'email', o.customer_email, 'phone', o.customer_phone,
      'organisation', o.organisation, 'po_number', o.po_number),
    'kes_per_usd', o.kes_per_usd,
    'total_usd', o.total_usd,
    'total_kes', o.total_kes,
    'mpesa_code', o.mpesa_code,
    'mpesa_code_submitted_at', o.mpesa_code_submitted_at,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'program_id', i.program_id,
        'program_slug', p.slug,
        'title', i.title,
        'unit_price', i.unit_price,
        'currency', i.currency,
        'quantity', i.quantity,
        'line_total', i.line_total,
        'intake', case when t.id is null then null else jsonb_build_object(
          'id', t.id, 'starts_on', t.starts_on, 'ends_on', t.ends_on,
          'is_online', t.is_online, 'venue', t.venue) end,
        'participants', coalesce((
          select jsonb_agg(jsonb_build_object('name', pa.full_name, 'email', pa.email) order by pa.position)
            from public.order_participants pa where pa.order_item_id = i.id), '[]'::jsonb))
        order by i.position)
        from public.order_items i
        left join public.training_programs p on p.id = i.program_id
        left join public.program_intakes t on t.id = i.intake_id
       where i.order_id = o.id), '[]'::jsonb))
  from public.orders o
  where o.id = target;
$$;

-- Intakes: seats left count holding orders only; seats on hold shown beside them -----------------

-- Still a security barrier (public_views_security_barrier.sql): replacing a view resets its options.
create or replace view public.public_program_intakes
with (security_invoker = false, security_barrier = true)
as
select i.id, i.program_id, p.slug as program_slug, i.starts_on, i.ends_on, i.is_online, i.venue, i.capacity,
       greatest(i.capacity - coalesce(booked.seats, 0), 0)::integer as seats_left,
       -- Of the seats taken, those held by orders not paid yet: they come back if unpaid.
       coalesce(booked.held, 0)::integer as seats_on_hold
from public.program_intakes i
join public.training_programs p on p.id = i.program_id and p.is_published
left join lateral (
  select sum(l.quantity) as seats, sum(l.quantity) filter (where o.status = 'pending') as held
    from public.order_items l
    join public.orders o on o.id = l.order_id and o.status in ('pending', 'confirmed', 'paid')
   where l.intake_id = i.id) booked on true
where i.is_published and i.starts_on > (now() at time zone 'Africa/Nairobi')::date;

-- The workflow (order_workflow.sql) gains expiry: pending -> expired, by the expiry job --------------

create or replace function private.enforce_order_workflow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A customer submitting a new M-Pesa code clears the verdict on the old one.
  if new.mpesa_code is distinct from old.mpesa_code
     and new.mpesa_code_status is not distinct from old.mpesa_code_status then
    new.mpesa_code_status := null;
    new.mpesa_code_checked_at := null;
  end if;

  if new.status is not distinct from old.status then
    return new;
  end if;
  if not ((old.status = 'pending' and new.status in ('confirmed', 'cancelled', 'expired'))
          or (old.status = 'confirmed' and new.status in ('paid', 'cancelled'))) then
    perform private.refuse('status', 'transition_not_allowed', case
      when old.status in ('paid', 'cancelled', 'expired') then format('This order is already %s: its status cannot change any more.', old.status)
      when new.status = 'paid' then 'Confirm the order before marking it paid.'
      else format('An order cannot go from %s to %s.', old.status, new.status) end);
  end if;
  -- Evidence: a recorded reference, a verified customer code, or an STK push M-Pesa confirmed
  -- (the STK query alone reports no receipt number).
  if new.status = 'paid' and new.payment_reference is null and new.mpesa_code_status is distinct from 'verified'
     and not exists (select 1 from public.mpesa_payment_attempts a
                      where a.order_id = new.id and a.status = 'succeeded') then
    perform private.refuse('status', 'payment_not_evidenced',
      'Record the payment reference (or verify the customer''s M-Pesa code) before marking the order paid.');
  end if;
  new.status_changed_at := now();
  if new.status = 'expired' then
    new.expired_at := now();
  end if;
  return new;
end;
$$;

-- Mails about an order's state --------------------------------------------------------------------

alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled'));

-- Staff moves (order_workflow.sql), now telling the customer: one e-mail per change.
create or replace function public.set_order_status(order_id uuid, status text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
begin
  perform private.require_staff();
  target_order := private.lock_order(order_id);
  if set_order_status.status is null or set_order_status.status not in ('pending', 'confirmed', 'paid', 'cancelled') then
    perform private.refuse('status', 'invalid_status', 'Choose confirmed, paid or cancelled.');
  end if;
  if target_order.status = set_order_status.status then
    perform private.refuse('status', 'transition_not_allowed', format('This order is already %s.', target_order.status));
  end if;
  update public.orders o set status = set_order_status.status where o.id = target_order.id returning * into target_order;
  -- The trigger above refused any other move, so each mail is written once per change.
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_' || target_order.status, target_order.id, target_order.customer_email);
  return target_order;
end;
$$;

comment on function public.set_order_status(uuid, text) is 'Staff: moves an order along pending -> confirmed -> paid, or to cancelled (frees its seats); mails the customer.';

-- Staff: more time for an unpaid order (a customer waiting for a purchase order, say).
create or replace function public.extend_order_hold(order_id uuid, hours integer)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
begin
  perform private.require_staff();
  target_order := private.lock_order(order_id);
  if hours is null or hours not between 1 and 720 then
    perform private.refuse('hours', 'invalid_hours', 'Extend a hold by 1 to 720 hours (30 days).');
  end if;
  if target_order.status <> 'pending' then
    perform private.refuse('hours', 'not_on_hold', case target_order.status
      when 'confirmed' then 'This order is confirmed: its seats are kept without a time limit.'
      else format('This order is %s: it holds no seats to extend.', target_order.status) end);
  end if;
  update public.orders o
     set hold_until = greatest(coalesce(o.hold_until, now()), now()) + make_interval(hours => hours),
         hold_reminded_at = null
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

comment on function public.extend_order_hold(uuid, integer) is 'Staff: keeps an unpaid order''s seats for more hours.';

-- The expiry job: reminders, then expiries, each mailed once. `at` is the clock (tests move it).
create or replace function public.expire_order_holds(at timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  reminded integer;
  expired integer;
begin
  with due as (
    select o.id from public.orders o
      join private.order_hold_settings s on s.payment_choice = o.payment_choice
     where o.status = 'pending' and o.hold_reminded_at is null
       and o.hold_until > at and o.hold_until - make_interval(secs => s.remind_before_seconds) <= at
       and not private.order_payment_in_progress(o.id)
     for update of o skip locked
  ), marked as (
    update public.orders o set hold_reminded_at = now() from due where o.id = due.id
    returning o.id, o.customer_email
  )
  insert into public.mail_outbox (kind, order_id, recipient)
  select 'order_hold_reminder', m.id, m.customer_email from marked m;
  get diagnostics reminded = row_count;

  with due as (
    select o.id from public.orders o
     where o.status = 'pending' and o.hold_until <= at
       and not private.order_payment_in_progress(o.id)
     for update skip locked
  ), done as (
    update public.orders o set status = 'expired' from due where o.id = due.id
    returning o.id, o.customer_email
  )
  insert into public.mail_outbox (kind, order_id, recipient)
  select 'order_expired', d.id, d.customer_email from done d;
  get diagnostics expired = row_count;

  return jsonb_build_object('reminded', reminded, 'expired', expired);
end;
$$;

comment on function public.expire_order_holds(timestamptz) is 'Worker (service role): mails reminders for holds about to end and expires unpaid orders whose hold ended.';

-- The confirmation page's live view (mpesa_payments.sql) carries the order's words too.
create or replace function public.get_mpesa_payment(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'order_status', o.status,
    'payment_method', o.payment_method,
    'payment_choice', o.payment_choice,
    'amount', ceil(o.total_kes),
    'receipt', o.mpesa_receipt,
    'attempt', (
      select jsonb_build_object(
        'status', a.status,
        'result_code', a.result_code,
        'phone', left(a.phone, 4) || '****' || right(a.phone, 4),
        'amount', a.amount,
        'requested_at', a.requested_at,
        'settled_at', a.settled_at)
        from public.mpesa_payment_attempts a
       where a.order_id = o.id
       order by a.requested_at desc
       limit 1))
    from public.orders o
   where o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$';
$$;

-- Paid events: seats one client holds on one event are capped --------------------------------------

create or replace function private.cap_event_seats_per_client()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  cap integer;
  held integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') or new.status = 'cancelled'
     or not exists (select 1 from public.events e where e.id = new.event_id and e.price_amount is not null) then
    return new;
  end if;
  -- register_for_event holds the event row's lock: concurrent registrations count in turn.
  select c.max_event_seats_per_client into cap from private.order_seat_caps c;
  select coalesce(sum(r.seats), 0) into held from public.event_registrations r
   where r.event_id = new.event_id and r.client_key = new.client_key and r.status <> 'cancelled';
  if held + new.seats > cap then
    raise exception using errcode = 'PT429', hint = 'too_many_held_seats', detail = 'seats',
      message = format('Your network already holds %s of the %s seats one booker may hold for this event. '
        'For a larger group, please ask us for a quote through our contact form.', held, cap);
  end if;
  return new;
end;
$$;

revoke all on function private.cap_event_seats_per_client() from public;

create trigger event_registrations_cap_seats_per_client
  before insert on public.event_registrations
  for each row execute function private.cap_event_seats_per_client();

-- create_order (checkout_orders.sql), with the payment choice, the hold, the caps, and a whole
-- number written 3.0 refused in words (it reached the integer cast: 22P02).

create or replace function public.create_order(
  idempotency_key text,
  buyer_name text,
  buyer_email text,
  buyer_phone text,
  payment_method text,
  accepted_terms boolean,
  items jsonb,
  organisation text default null,
  po_number text default null
)
returns table (reference text, token text, replayed boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  attempt_key uuid;
  hash text;
  existing record;
  client text := private.client_key();
  limits record;
  recent integer;
  phone text;
  org text := private.optional_text(organisation);
  po text := private.optional_text(po_number);
  line jsonb;
  line_index integer;
  participant jsonb;
  participant_index integer;
  quantity_value numeric;
  program_ids uuid[] := '{}';
  program record;
  intake record;
  chosen_intakes uuid[] := '{}';
  lock_ids uuid[];
  chosen uuid;
  seats_left integer;
  new_order uuid;
  new_item uuid;
  all_kes boolean := true;
  ref_year integer := extract(year from now() at time zone 'Africa/Nairobi')::integer;
  ref_number integer;
  new_reference text;
  new_token text;
  -- The customer's choice (invoice, mpesa_paybill, mpesa_express) and the order's method.
  choice text;
  method text;
  caps record;
  visitor boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  order_seats integer := 0;
  held_seats integer;
  hold_seconds integer;
begin
  -- The attempt's key first: a repeat answers what the first call made, whatever else holds.
  if idempotency_key is null or idempotency_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform private.refuse('idempotency_key', 'invalid_idempotency_key',
      'Something went wrong with this checkout attempt. Please reload the page.');
  end if;
  attempt_key := idempotency_key::uuid;
  hash := md5(jsonb_build_array(buyer_name, buyer_email, buyer_phone, payment_method, accepted_terms, items,
                                organisation, po_number)::text);
  perform pg_advisory_xact_lock(hashtextextended('create_order:key:' || attempt_key::text, 0));
  select o.reference, o.confirmation_token, o.request_hash into existing
    from public.orders o where o.idempotency_key = attempt_key;
  if found then
    if existing.request_hash <> hash then
      perform private.refuse('idempotency_key', 'idempotency_key_reused',
        'This checkout attempt was already used for a different order. Please reload the page.');
    end if;
    return query select existing.reference, existing.confirmation_token, true;
    return;
  end if;

  -- Contact details and choices.
  if buyer_name is null or length(btrim(buyer_name)) not between 1 and 200 then
    perform private.refuse('buyer_name', 'invalid_name', 'Please enter your full name.');
  end if;
  if not private.is_email(btrim(buyer_email)) then
    perform private.refuse('buyer_email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  phone := private.normalise_phone(buyer_phone);
  if phone is null then
    perform private.refuse('buyer_phone', 'invalid_phone',
      'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.');
  end if;
  if length(org) > 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'The organisation name must be at most 200 characters.');
  end if;
  if length(po) > 50 then
    perform private.refuse('po_number', 'invalid_po_number', 'The purchase-order number must be at most 50 characters.');
  end if;
  -- 'mpesa' is the Paybill (as before); 'mpesa_express' the prompt sent to the phone.
  if create_order.payment_method is null or create_order.payment_method not in ('invoice', 'mpesa', 'mpesa_express') then
    perform private.refuse('payment_method', 'invalid_payment_method', 'Please choose how you will pay.');
  end if;
  choice := case create_order.payment_method when 'mpesa' then 'mpesa_paybill' else create_order.payment_method end;
  method := case when choice = 'invoice' then 'invoice' else 'mpesa' end;
  if accepted_terms is not true then
    perform private.refuse('accepted_terms', 'terms_not_accepted',
      'Please accept the terms and conditions to place your order.');
  end if;

  -- The lines' shape, before anything is looked up.
  if items is null or jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 then
    perform private.refuse('items', 'no_items', 'Your cart is empty.');
  end if;
  if jsonb_array_length(items) > 20 then
    perform private.refuse('items', 'too_many_items', 'An order can hold at most 20 programs.');
  end if;
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    if jsonb_typeof(line) <> 'object'
       or jsonb_typeof(line -> 'program_id') is distinct from 'string'
       or (line ->> 'program_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse(format('items.%s', line_index), 'invalid_item', 'This line of your order is incomplete.');
    end if;
    if (line ->> 'program_id')::uuid = any (program_ids) then
      perform private.refuse(format('items.%s.program_id', line_index), 'duplicate_program',
        'This program is already in your order.');
    end if;
    program_ids := program_ids || (line ->> 'program_id')::uuid;
    quantity_value := case when jsonb_typeof(line -> 'quantity') = 'number' then (line ->> 'quantity')::numeric end;
    if quantity_value is null or quantity_value <> trunc(quantity_value) or quantity_value not between 1 and 50 then
      perform private.refuse(format('items.%s.quantity', line_index), 'invalid_quantity',
        'The number of participants must be a whole number from 1 to 50.');
    end if;
    -- 3.0 or 3e0: a whole number written as a decimal, which the integer column would refuse raw.
    if (line ->> 'quantity') !~ '^[0-9]+$' then
      perform private.refuse(format('items.%s.quantity', line_index), 'invalid_quantity',
        format('The number of participants must be written as a whole number without decimals (%s, not %s).',
               trunc(quantity_value), line ->> 'quantity'));
    end if;
    order_seats := order_seats + quantity_value::integer;
    if coalesce(jsonb_typeof(line -> 'intake_id'), 'null') not in ('null', 'string')
       or (line ->> 'intake_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse(format('items.%s.intake_id', line_index), 'intake_not_found',
        'This intake is not available. Please choose another.');
    end if;
    if jsonb_typeof(line -> 'participants') is distinct from 'array'
       or jsonb_array_length(line -> 'participants') <> quantity_value then
      perform private.refuse(format('items.%s.participants', line_index), 'participants_mismatch',
        'Please give one participant per seat.');
    end if;
    for participant, participant_index in
      select e.value, e.ordinality - 1 from jsonb_array_elements(line -> 'participants') with ordinality e loop
      if jsonb_typeof(participant) <> 'object' or jsonb_typeof(participant -> 'name') is distinct from 'string'
         or length(btrim(participant ->> 'name')) not between 1 and 200 then
        perform private.refuse(format('items.%s.participants.%s.name', line_index, participant_index),
          'invalid_participant_name', 'Please enter the participant''s name.');
      end if;
      if coalesce(jsonb_typeof(participant -> 'email'), 'null') not in ('null', 'string')
         or (private.optional_text(participant ->> 'email') is not null
             and not private.is_email(btrim(participant ->> 'email'))) then
        perform private.refuse(format('items.%s.participants.%s.email', line_index, participant_index),
          'invalid_participant_email', 'Please enter a valid e-mail address or leave it empty.');
      end if;
    end loop;
  end loop;

  -- Caps on what one visitor's order may hold (issue 23): a bigger group asks for a quote.
  select c.max_seats_per_program, c.max_seats_per_order, c.max_held_seats_per_client into caps
    from private.order_seat_caps c;
  if visitor then
    for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
      if (line ->> 'quantity')::integer > caps.max_seats_per_program then
        perform private.refuse(format('items.%s.quantity', line_index), 'group_booking', format(
          'An online order takes at most %s seats per program. For a larger group, please ask us for a quote through our contact form.',
          caps.max_seats_per_program));
      end if;
    end loop;
    if order_seats > caps.max_seats_per_order then
      perform private.refuse('items', 'group_booking', format(
        'An online order takes at most %s seats in all. For a larger group, please ask us for a quote through our contact form.',
        caps.max_seats_per_order));
    end if;
  end if;

  -- Throttle, per client, counted under a client-wide lock.
  perform pg_advisory_xact_lock(hashtextextended('create_order:client:' || client, 0));
  select t.max_orders, t.window_seconds into limits from private.order_throttle t;
  select count(*) into recent from public.orders o
   where o.client_key = client and o.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_orders then
    raise exception using errcode = 'PT429', hint = 'too_many_orders',
      message = 'Too many orders from your network in a short time. Please try again in a few minutes.';
  end if;
  -- Seats this client's unpaid orders already hold (under the same client-wide lock).
  if visitor then
    select coalesce(sum(l.quantity), 0) into held_seats
      from public.orders o join public.order_items l on l.order_id = o.id
     where o.client_key = client and o.status = 'pending';
    if held_seats + order_seats > caps.max_held_seats_per_client then
      raise exception using errcode = 'PT429', hint = 'too_many_held_seats', detail = 'items',
        message = format('Unpaid orders from your network already hold %s seats; at most %s may be held at once. '
          'Please pay or cancel those orders first, or ask us for a quote through our contact form for a larger group.',
          held_seats, caps.max_held_seats_per_client);
    end if;
  end if;

  -- Programs: published ones only, read now (never what the browser thought they cost).
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    perform 1 from public.training_programs p where p.id = (line ->> 'program_id')::uuid and p.is_published;
    if not found then
      perform private.refuse(format('items.%s.program_id', line_index), 'program_not_found',
        'This program is no longer available. Please remove it from your cart.');
    end if;
  end loop;

  -- Lock every intake this order may book, in id order (no deadlocks between orders): the
  -- chosen ones, and for "next available" lines every candidate of the program.
  select array_agg(t.id order by t.id) into lock_ids
    from public.program_intakes t
   where t.id in (select (e.value ->> 'intake_id')::uuid from jsonb_array_elements(items) e
                   where e.value ->> 'intake_id' is not null)
      or (t.is_published and t.starts_on > private.nairobi_today()
          and t.program_id in (select (e.value ->> 'program_id')::uuid from jsonb_array_elements(items) e
                                where e.value ->> 'intake_id' is null));
  perform 1 from public.program_intakes t where t.id = any (coalesce(lock_ids, '{}')) order by t.id for update;

  -- First pass: decide each line (program as it is now, the intake and its seats) before
  -- anything is written, so a refusal costs no reference number.
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    select p.currency into program from public.training_programs p where p.id = (line ->> 'program_id')::uuid;
    all_kes := all_kes and program.currency = 'KES';
    quantity_value := (line ->> 'quantity')::numeric;
    chosen := null;
    if line ->> 'intake_id' is not null then
      select t.id, t.program_id, t.starts_on, t.capacity, t.is_published into intake
        from public.program_intakes t where t.id = (line ->> 'intake_id')::uuid;
      if not found or intake.program_id <> (line ->> 'program_id')::uuid or not intake.is_published then
        perform private.refuse(format('items.%s.intake_id', line_index), 'intake_not_found',
          'This intake is not available. Please choose another.');
      end if;
      if intake.starts_on <= private.nairobi_today() then
        perform private.refuse(format('items.%s.intake_id', line_index), 'intake_closed',
          'This intake has already started. Please choose another.');
      end if;
      seats_left := intake.capacity - coalesce((
        select sum(l.quantity) from public.order_items l
          join public.orders o on o.id = l.order_id and private.order_holds_seats(o.status)
         where l.intake_id = intake.id), 0);
      if seats_left < quantity_value then
        perform private.refuse(format('items.%s.intake_id', line_index), 'intake_full',
          case when seats_left <= 0 then 'This intake is full. Please choose another.'
               when seats_left = 1 then 'Only 1 seat is left on this intake.'
               else format('Only %s seats are left on this intake.', seats_left) end);
      end if;
      chosen := intake.id;
    else
      -- "Next available intake": the earliest with room; none at all leaves the dates to staff.
      select t.id into chosen
        from public.program_intakes t
       where t.program_id = (line ->> 'program_id')::uuid and t.is_published
         and t.starts_on > private.nairobi_today()
         and t.capacity - coalesce((
               select sum(l.quantity) from public.order_items l
                 join public.orders o on o.id = l.order_id and private.order_holds_seats(o.status)
                where l.intake_id = t.id), 0) >= quantity_value
       order by t.starts_on
       limit 1;
    end if;
    chosen_intakes := array_append(chosen_intakes, chosen);
  end loop;

  -- Numbered now: the counter row stays locked only while the rows are written.
  insert into private.order_reference_counters as c (year, last_number) values (ref_year, 1)
  on conflict on constraint order_reference_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into ref_number;
  new_reference := format('ASC-%s-%s', ref_year, lpad(ref_number::text, 6, '0'));
  new_token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');

  select s.hold_seconds into hold_seconds from private.order_hold_settings s where s.payment_choice = choice;
  insert into public.orders (customer_name, customer_email, customer_phone, organisation, po_number, payment_method,
                             payment_choice, hold_until, currency, terms_accepted_at, reference, confirmation_token,
                             idempotency_key, request_hash, client_key)
  values (btrim(buyer_name), btrim(buyer_email), phone, org, po, method, choice,
          now() + make_interval(secs => hold_seconds),
          case when method = 'mpesa' or all_kes then 'KES' else 'USD' end,
          now(), new_reference, new_token, attempt_key, hash, client)
  returning id into new_order;

  -- Second pass: the lines, with the title and price read here, and one participant per seat.
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    insert into public.order_items (order_id, position, program_id, intake_id, title, unit_price, currency, quantity)
    select new_order, line_index + 1, p.id, chosen_intakes[line_index + 1], p.title, p.price_amount, p.currency,
           (line ->> 'quantity')::integer
      from public.training_programs p where p.id = (line ->> 'program_id')::uuid
    returning id into new_item;

    insert into public.order_participants (order_item_id, position, full_name, email)
    select new_item, e.ordinality, btrim(e.value ->> 'name'), private.optional_text(e.value ->> 'email')
      from jsonb_array_elements(line -> 'participants') with ordinality e;
  end loop;

  -- The e-mails, in the same transaction: the customer's confirmation and the bookings team's.
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_confirmation', new_order, btrim(buyer_email)),
         ('order_notification', new_order, null);

  return query select new_reference, new_token, false;
end;
$$;

comment on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text) is
  'Checkout: creates an order in one transaction (prices, seats held for a time, reference, token, e-mails). Callable by anon; see the migrations for refusals.';

-- submit_mpesa_code (mpesa_code_limit.sql): an expired order's refusal says what happened.
create or replace function public.submit_mpesa_code(token text, code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target record;
  normalised text := upper(regexp_replace(coalesce(code, ''), '\s', '', 'g'));
  wait integer;
begin
  select o.id, o.payment_method, o.status into target
    from public.orders o
   where o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$'
   for update;
  if not found then
    perform private.refuse('token', 'order_not_found', 'Order not found.');
  end if;
  if normalised !~ '^[A-Z0-9]{10}$' then
    perform private.refuse('code', 'invalid_mpesa_code',
      'Please enter the 10-character M-Pesa confirmation code, e.g. QJK7XYZ123.');
  end if;
  if target.payment_method <> 'mpesa' then
    perform private.refuse('code', 'not_mpesa_order', 'This order is paid by invoice / bank transfer.');
  end if;
  if target.status not in ('pending', 'confirmed') then
    perform private.refuse('code', 'order_closed', case target.status
      when 'expired' then 'This order expired unpaid and its seats were released. If you have paid, please call us with your M-Pesa receipt.'
      else format('This order is already %s.', target.status) end);
  end if;
  wait := private.take_address_slot('mpesa_code', target.id::text);
  if wait is not null then
    perform private.refuse('code', 'too_many_codes', format(
      'A code was sent for this order several times in a short time. Please wait %s, or call us with your M-Pesa receipt.',
      private.wait_phrase(wait)));
  end if;
  update public.orders set mpesa_code = normalised, mpesa_code_submitted_at = now() where id = target.id;
  -- The bookings team verifies the code against the Paybill statement.
  insert into public.mail_outbox (kind, order_id, recipient) values ('mpesa_code_notification', target.id, null);
  return private.order_json(target.id);
end;
$$;

-- Privileges --------------------------------------------------------------------------------------

revoke all on function public.extend_order_hold(uuid, integer) from public, anon;
grant execute on function public.extend_order_hold(uuid, integer) to authenticated, service_role;
revoke all on function public.expire_order_holds(timestamptz) from public, anon, authenticated;
grant execute on function public.expire_order_holds(timestamptz) to service_role;
