-- Seats held in an intake for a voucher's holders (issue 30, item 1: "optionally reserving seats in
-- an intake for their holders"). A voucher may hold `held_seats` seats of one intake, optionally
-- until `held_until`: while the hold is active, checkouts without the code (and quotes) see that
-- many fewer seats; an order with the code may take them. Seats its orders take in that intake
-- count as the hold used.
--
-- One rule, the view private.voucher_holds: the seats each hold in force keeps back (held less
-- used, never below zero). A hold is in force while its voucher is not paused, not expired, not
-- used up and before held_until, by the database clock (now() outside tests).
-- private.intake_seats_reserved(intake, except_voucher) sums it per intake.
-- private.intake_seats_free(intake, voucher) is what an order may book: capacity, less the seats
-- of orders holding seats, less the other holds: create_order and accept_quote ask it. The
-- visitors' public_program_intakes.seats_left joins the view (a view visitors read may call no
-- function of this schema). A trigger refuses a hold the intake has no room for.
--
-- Never oversold: seats are counted under the intake's row lock (create_order, accept_quote and
-- the hold's trigger take it), and a hold only ever keeps seats back.

alter table public.vouchers
  add column held_intake_id uuid references public.program_intakes (id) on delete restrict,
  add column held_seats integer,
  add column held_until timestamptz,
  add constraint vouchers_held_seats_range check (held_seats is null or held_seats between 1 and 1000),
  add constraint vouchers_hold_complete check ((held_intake_id is null) = (held_seats is null)),
  add constraint vouchers_held_until_needs_hold check (held_until is null or held_intake_id is not null);

comment on column public.vouchers.held_intake_id is 'The intake in which the voucher holds seats for its holders (null: none).';
comment on column public.vouchers.held_seats is 'Seats held in held_intake_id for orders with this code; its orders'' seats there use them.';
comment on column public.vouchers.held_until is 'The moment the hold ends (null: while the voucher is valid).';

create index vouchers_held_intake_idx on public.vouchers (held_intake_id) where held_intake_id is not null;

-- Marketing sets a hold when creating a voucher; pausing the voucher releases it.
grant insert (held_intake_id, held_seats, held_until) on table public.vouchers to authenticated;

-- The database clock as a view: private.clock() reads it, and so can views that visitors read
-- (a view may call no function a visitor may not: anon has no use of this schema's functions).
-- Unchanged: now(), or for a superuser session (tests) the transaction-local ascent.test_now.
create or replace view private.clock_now as
select coalesce(
  case when (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = session_user)
       then nullif(current_setting('ascent.test_now', true), '')::timestamptz end,
  now()) as now;
revoke all on private.clock_now from public, anon, authenticated;

-- private.clock: from 20261129310000_early_bird_prices.sql; reads private.clock_now.
create or replace function private.clock()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select c.now from private.clock_now c;
$$;

-- Each hold: the seats its voucher's orders (those holding seats) took in its intake, whether it
-- is in force (the voucher not paused, not expired, not used up, before held_until, by the
-- database clock) and the seats it still keeps back. The one rule of held seats; a view of
-- built-in functions only, so the visitors' view of intakes can join it. Orders holding seats are
-- those pending, confirmed or paid (private.order_holds_seats), uses as private.voucher_uses
-- counts them.
create or replace view private.voucher_holds
with (security_barrier = true)
as
select h.voucher_id, h.intake_id, h.held_seats, h.used_seats, h.in_force,
       case when h.in_force then greatest(h.held_seats - h.used_seats, 0) else 0 end as reserved_seats
  from (
    select v.id as voucher_id, v.held_intake_id as intake_id, v.held_seats,
           coalesce(taken.seats, 0)::integer as used_seats,
           (not v.is_paused
            and (v.valid_until is null or clock.now < v.valid_until)
            and (v.held_until is null or clock.now < v.held_until)
            and (v.max_uses is null or taken.orders < v.max_uses)) as in_force
      from public.vouchers v
      cross join private.clock_now clock
      cross join lateral (
        select count(distinct o.id) as orders, sum(i.quantity) filter (where i.intake_id = v.held_intake_id) as seats
          from public.voucher_redemptions r
          join public.orders o on o.id = r.order_id and o.status in ('pending', 'confirmed', 'paid')
          left join public.order_items i on i.order_id = o.id
         where r.voucher_id = v.id) taken
     where v.held_intake_id is not null) h;
revoke all on private.voucher_holds from public, anon, authenticated;

-- The seats holds in force keep back in an intake (but except_voucher's).
create or replace function private.intake_seats_reserved(intake_id uuid, except_voucher uuid default null)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(h.reserved_seats), 0)::integer
    from private.voucher_holds h
   where h.intake_id = intake_seats_reserved.intake_id and h.voucher_id is distinct from except_voucher;
$$;
comment on function private.intake_seats_reserved(uuid, uuid) is
  'Seats voucher holds in force keep back in an intake (held less used), but except_voucher''s (private.voucher_holds).';
revoke all on function private.intake_seats_reserved(uuid, uuid) from public;

-- The seats an order (with `voucher`'s code, or none) may still book in an intake.
create or replace function private.intake_seats_free(intake_id uuid, voucher uuid default null)
returns integer
language sql
stable
set search_path = ''
as $$
  select t.capacity
         - coalesce((select sum(l.quantity) from public.order_items l
                       join public.orders o on o.id = l.order_id and private.order_holds_seats(o.status)
                      where l.intake_id = t.id), 0)::integer
         - private.intake_seats_reserved(t.id, voucher)
    from public.program_intakes t
   where t.id = intake_seats_free.intake_id;
$$;
revoke all on function private.intake_seats_free(uuid, uuid) from public;

-- A hold must fit: under the intake's lock, the seats it keeps back are at most those free of
-- orders and other holds. After the row (and the whole statement: a batch's codes see each other).
-- Its intake must be one the voucher applies to, or its holders could never use it.
create or replace function private.check_voucher_hold()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  intake record;
  own integer;
  free integer;
begin
  if new.held_intake_id is null then
    return null;
  end if;
  select t.id, t.program_id into intake from public.program_intakes t where t.id = new.held_intake_id for update;
  if not (new.scope = 'all_programs'
          or (new.scope = 'programs' and intake.program_id = any (new.program_ids))
          or (new.scope = 'intakes' and intake.id = any (new.intake_ids))) then
    perform private.refuse('held_intake_id', 'hold_outside_scope',
      'A voucher can hold seats only in an intake it applies to.');
  end if;
  select coalesce(sum(h.reserved_seats), 0) into own from private.voucher_holds h where h.voucher_id = new.id;
  free := private.intake_seats_free(intake.id, new.id);
  if own > free then
    perform private.refuse('held_seats', 'hold_too_large', case
      when free <= 0 then 'This intake has no free seats to hold.'
      when free = 1 then 'Only 1 seat of this intake is free to hold.'
      else format('Only %s seats of this intake are free to hold.', free) end);
  end if;
  return null;
end;
$$;
revoke all on function private.check_voucher_hold() from public;

create trigger vouchers_check_hold
  after insert or update of held_intake_id, held_seats, held_until, scope, program_ids, intake_ids on public.vouchers
  for each row execute function private.check_voucher_hold();

-- public_program_intakes: from 20261129310000_early_bird_prices.sql; seats_left leaves out the
-- seats vouchers hold (a holder's checkout may still take them).
create or replace view public.public_program_intakes
with (security_invoker = false, security_barrier = true)
as
select i.id, i.program_id, p.slug as program_slug, i.starts_on, i.ends_on, i.is_online, i.venue, i.capacity,
       greatest(i.capacity - coalesce(booked.seats, 0) - coalesce(holds.seats, 0), 0)::integer as seats_left,
       -- Of the seats taken, those held by orders not paid yet: they come back if unpaid.
       coalesce(booked.held, 0)::integer as seats_on_hold,
       case when now() < i.early_bird_until and i.early_bird_price < p.price_amount then i.early_bird_price end
         as early_bird_price,
       case when now() < i.early_bird_until and i.early_bird_price < p.price_amount then i.early_bird_until end
         as early_bird_until
from public.program_intakes i
join public.training_programs p on p.id = i.program_id and p.is_published
left join lateral (
  select sum(l.quantity) as seats, sum(l.quantity) filter (where o.status = 'pending') as held
    from public.order_items l
    join public.orders o on o.id = l.order_id and o.status in ('pending', 'confirmed', 'paid')
   where l.intake_id = i.id) booked on true
left join lateral (select sum(h.reserved_seats) as seats from private.voucher_holds h where h.intake_id = i.id) holds on true
where i.is_published and i.starts_on > (now() at time zone 'Africa/Nairobi')::date;

-- public.voucher_usage: from 20261129200000_vouchers.sql; also the seats its orders took in its
-- held intake (held_used) and whether the hold is in force (hold_active).
drop function public.voucher_usage();
create function public.voucher_usage()
returns table (voucher_id uuid, uses integer, seats integer, held_used integer, hold_active boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('vouchers', false) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only the marketing and finance teams may see the use of vouchers.';
  end if;
  return query
    select v.id, coalesce(u.uses, 0), coalesce(u.seats, 0),
           h.used_seats, h.in_force
      from public.vouchers v
      left join private.voucher_holds h on h.voucher_id = v.id
      left join (
        select r.voucher_id, count(*)::integer as uses, sum(r.seats)::integer as seats
          from public.voucher_redemptions r
          join public.orders o on o.id = r.order_id
         where private.order_holds_seats(o.status)
         group by r.voucher_id) u on u.voucher_id = v.id
     where u.voucher_id is not null or v.held_intake_id is not null;
end;
$$;
comment on function public.voucher_usage() is
  'Uses (orders holding seats), seats discounted, and held seats used per voucher, for marketing and finance.';
revoke all on function public.voucher_usage() from public, anon;
grant execute on function public.voucher_usage() to authenticated, service_role;

-- Checkout and quotes: the seats vouchers hold ---------------------------------------------------

-- public.create_order: from 20261129310000_early_bird_prices.sql, same signature. The voucher is
-- looked up (and locked) before the intakes are, so its code's holder may take the seats it holds:
-- each intake's free seats are private.intake_seats_free(intake, the voucher), counted under the
-- intakes' locks. The voucher's dates are read on the database clock (private.clock()).
create or replace function public.create_order(
  idempotency_key text,
  buyer_name text,
  buyer_email text,
  buyer_phone text,
  payment_method text,
  accepted_terms boolean,
  items jsonb,
  organisation text default null,
  po_number text default null,
  buyer_kra_pin text default null,
  buyer_address text default null,
  voucher_code text default null
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
  -- As people type it: spaces dropped, capitals (domain/kra-pin.ts's normaliseKraPin).
  pin text := nullif(upper(regexp_replace(coalesce(create_order.buyer_kra_pin, ''), '\s+', '', 'g')), '');
  address text := private.optional_text(create_order.buyer_address);
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
  -- The voucher: typed codes in capitals without spaces, as vouchers keep them.
  typed_code text := private.normalise_voucher_code(create_order.voucher_code);
  voucher public.vouchers;
  seats_to_discount integer;
  program_price numeric;
  covered boolean;
  seat_discount numeric;
  line_seats integer;
  line_seat_discounts numeric[] := '{}';
  line_discounted_seats integer[] := '{}';
  -- The price each line's seats get (early-bird or regular), decided once from the database clock.
  priced record;
  line_prices numeric[] := '{}';
  line_regular_prices numeric[] := '{}';
  line_early_bird_until timestamptz[] := '{}';
  priced_at timestamptz := private.clock();
begin
  -- The attempt's key first: a repeat answers what the first call made, whatever else holds.
  if idempotency_key is null or idempotency_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform private.refuse('idempotency_key', 'invalid_idempotency_key',
      'Something went wrong with this checkout attempt. Please reload the page.');
  end if;
  attempt_key := idempotency_key::uuid;
  -- Without a PIN, address or code the hash is the one earlier checkouts stored (a replay still matches).
  hash := md5(case
    when create_order.voucher_code is not null
    then jsonb_build_array(buyer_name, buyer_email, buyer_phone, payment_method, accepted_terms, items,
                           organisation, po_number, create_order.buyer_kra_pin, create_order.buyer_address,
                           create_order.voucher_code)
    when create_order.buyer_kra_pin is null and create_order.buyer_address is null
    then jsonb_build_array(buyer_name, buyer_email, buyer_phone, payment_method, accepted_terms, items,
                           organisation, po_number)
    else jsonb_build_array(buyer_name, buyer_email, buyer_phone, payment_method, accepted_terms, items,
                           organisation, po_number, create_order.buyer_kra_pin, create_order.buyer_address)
  end::text);
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
  -- The tax invoice's buyer (issue 29): the same rules as the orders table's constraints, in words.
  if pin is not null and pin !~ '^[A-Z][0-9]{9}[A-Z]$' then
    perform private.refuse('buyer_kra_pin', 'invalid_kra_pin',
      'A KRA PIN is a letter, nine digits and a letter, for example P051234567X.');
  end if;
  if length(address) > 300 then
    perform private.refuse('buyer_address', 'invalid_address', 'The address must be at most 300 characters.');
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
  select l.max_per_client, l.window_seconds into limits from private.client_limits l where l.write = 'order';
  select count(*) into recent from public.orders o
   where o.client_key = client and o.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
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

  -- The voucher (issue 30), checked under its row's lock: orders using one code queue here, and
  -- each counts the uses the ones before it committed, so the limit is never passed. Locked before
  -- the intakes (as a hold's trigger locks them after the voucher), and read before the seats are
  -- counted: the seats it holds are its holders'.
  if typed_code is not null then
    select * into voucher from public.vouchers v where v.code = typed_code for update;
    if not found then
      perform private.refuse('voucher_code', 'voucher_unknown',
        'We do not recognise this code. Please check it, or remove it to place your order without it.');
    end if;
    if voucher.is_paused then
      perform private.refuse('voucher_code', 'voucher_paused',
        'This code cannot be used at the moment. Please remove it to place your order without it.');
    end if;
    if voucher.valid_from is not null and priced_at < voucher.valid_from then
      perform private.refuse('voucher_code', 'voucher_not_yet_valid', format('This code can be used from %s.',
        to_char(voucher.valid_from at time zone 'Africa/Nairobi', 'FMDD FMMonth YYYY, HH24:MI')));
    end if;
    if voucher.valid_until is not null and priced_at >= voucher.valid_until then
      perform private.refuse('voucher_code', 'voucher_expired', format('This code expired on %s.',
        to_char(voucher.valid_until at time zone 'Africa/Nairobi', 'FMDD FMMonth YYYY, HH24:MI')));
    end if;
    if voucher.max_uses is not null and private.voucher_uses(voucher.id) >= voucher.max_uses then
      perform private.refuse('voucher_code', 'voucher_used_up',
        'This code has been used as many times as it allows. Please remove it to place your order without it.');
    end if;
  end if;

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
      seats_left := private.intake_seats_free(intake.id, voucher.id);
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
         and private.intake_seats_free(t.id, voucher.id) >= quantity_value
       order by t.starts_on
       limit 1;
    end if;
    chosen_intakes := array_append(chosen_intakes, chosen);
    select * into priced from private.price_that_applies((line ->> 'program_id')::uuid, chosen, priced_at);
    line_prices := array_append(line_prices, priced.unit_price);
    line_regular_prices := array_append(line_regular_prices, priced.regular_price);
    line_early_bird_until := array_append(line_early_bird_until, priced.early_bird_until);
  end loop;

  -- The voucher's discount on each line it covers.
  if voucher.id is not null then
    -- Each line it covers (its program or intake, a price in the voucher's currency) gets the
    -- discount on as many seats as the per-order limit leaves, in the cart's order.
    seats_to_discount := coalesce(voucher.max_seats_per_order, 1000);
    for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
      -- On top of the price that applies (an early-bird price when there is one).
      select line_prices[line_index + 1] as price_amount, p.currency into program
        from public.training_programs p where p.id = (line ->> 'program_id')::uuid;
      covered := case voucher.scope
                   when 'all_programs' then true
                   when 'programs' then (line ->> 'program_id')::uuid = any (voucher.program_ids)
                   else chosen_intakes[line_index + 1] = any (voucher.intake_ids) end
                 and (voucher.kind = 'percent_off' or voucher.currency = program.currency);
      seat_discount := case voucher.kind
                         when 'percent_off' then round(program.price_amount * voucher.percent_off / 100, 2)
                         when 'amount_off' then least(voucher.amount, program.price_amount)
                         else greatest(program.price_amount - voucher.amount, 0) end;
      line_seats := case when covered and seat_discount > 0
                         then least((line ->> 'quantity')::integer, seats_to_discount) else 0 end;
      seats_to_discount := seats_to_discount - line_seats;
      line_discounted_seats := array_append(line_discounted_seats, line_seats);
      line_seat_discounts := array_append(line_seat_discounts, case when line_seats > 0 then seat_discount else 0 end);
    end loop;
    if coalesce((select sum(s) from unnest(line_discounted_seats) s), 0) = 0 then
      perform private.refuse('voucher_code', 'voucher_not_applicable',
        'This code does not apply to the programs in your cart. Please remove it to place your order without it.');
    end if;
  end if;

  -- Numbered now: the counter row stays locked only while the rows are written.
  insert into private.order_reference_counters as c (year, last_number) values (ref_year, 1)
  on conflict on constraint order_reference_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into ref_number;
  new_reference := format('ASC-%s-%s', ref_year, lpad(ref_number::text, 6, '0'));
  new_token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');

  select s.hold_seconds into hold_seconds from private.order_hold_settings s where s.payment_choice = choice;
  insert into public.orders (customer_name, customer_email, customer_phone, organisation, po_number, buyer_kra_pin,
                             buyer_address, payment_method, payment_choice, hold_until, currency, terms_accepted_at,
                             reference, confirmation_token, idempotency_key, request_hash, client_key, voucher_code)
  values (btrim(buyer_name), btrim(buyer_email), phone, org, po, pin, address, method, choice,
          now() + make_interval(secs => hold_seconds),
          case when method = 'mpesa' or all_kes then 'KES' else 'USD' end,
          now(), new_reference, new_token, attempt_key, hash, client, voucher.code)
  returning id into new_order;

  -- Second pass: the lines, with the title and price read here, and one participant per seat.
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    insert into public.order_items (order_id, position, program_id, intake_id, title, unit_price, currency, quantity,
                                    discounted_seats, discount_amount, regular_unit_price, early_bird_until)
    select new_order, line_index + 1, p.id, chosen_intakes[line_index + 1], p.title, line_prices[line_index + 1],
           p.currency, (line ->> 'quantity')::integer, coalesce(line_discounted_seats[line_index + 1], 0),
           coalesce(line_discounted_seats[line_index + 1] * line_seat_discounts[line_index + 1], 0),
           case when line_early_bird_until[line_index + 1] is not null then line_regular_prices[line_index + 1] end,
           line_early_bird_until[line_index + 1]
      from public.training_programs p where p.id = (line ->> 'program_id')::uuid
    returning id into new_item;

    insert into public.order_participants (order_item_id, position, full_name, email)
    select new_item, e.ordinality, btrim(e.value ->> 'name'), private.optional_text(e.value ->> 'email')
      from jsonb_array_elements(line -> 'participants') with ordinality e;
  end loop;

  if voucher.id is not null then
    insert into public.voucher_redemptions (voucher_id, order_id, seats, discount_amount, currency)
    select voucher.id, o.id, (select sum(s) from unnest(line_discounted_seats) s), private.order_discount(o.id, o.currency),
           o.currency
      from public.orders o where o.id = new_order;
  end if;

  -- The e-mails, in the same transaction: the customer's confirmation and the bookings team's.
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_confirmation', new_order, btrim(buyer_email)),
         ('order_notification', new_order, null);

  return query select new_reference, new_token, false;
end;
$$;

comment on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text) is
  'Checkout: creates an order in one transaction (prices with early-bird ones as the database clock has them, seats held for a time, reference, token, e-mails, the tax invoice''s buyer, a voucher and the seats it holds). Callable by anon; see the migrations for refusals.';
revoke all on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text) from public;
grant execute on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text)
  to anon, authenticated, service_role;

-- public.accept_quote: from 20261129320000_quotes.sql; an intake's free seats leave out the seats
-- vouchers hold (private.intake_seats_free), counted under the intakes' locks as before.
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
      seats_left := private.intake_seats_free(line.intake_id);
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
