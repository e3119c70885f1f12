-- Early-bird prices (issue 30, item 2): a program or an intake may cost less until a moment
-- (staff enter it in Nairobi time; stored as timestamptz). An intake's early-bird overrides its
-- program's. create_order decides which price applies from the database clock, never from the
-- browser, and each order line records it: the regular price and the early-bird deadline.

-- The catalogue ---------------------------------------------------------------------------------

alter table public.training_programs
  add column early_bird_price numeric(12, 2),
  add column early_bird_until timestamptz,
  add constraint training_programs_early_bird_complete check ((early_bird_price is null) = (early_bird_until is null)),
  add constraint training_programs_early_bird_lower check (early_bird_price >= 0 and early_bird_price < price_amount);
comment on column public.training_programs.early_bird_price is 'A lower price (in the program''s currency) until early_bird_until.';
comment on column public.training_programs.early_bird_until is 'The moment the early-bird price ends (exclusive).';

alter table public.program_intakes
  add column early_bird_price numeric(12, 2),
  add column early_bird_until timestamptz,
  add constraint program_intakes_early_bird_complete check ((early_bird_price is null) = (early_bird_until is null)),
  add constraint program_intakes_early_bird_price_range check (early_bird_price >= 0);
comment on column public.program_intakes.early_bird_price is 'A lower price for this intake (in its program''s currency) until early_bird_until; overrides the program''s early-bird.';
comment on column public.program_intakes.early_bird_until is 'The moment the intake''s early-bird price ends (exclusive).';

-- The database clock, which tests may move: a transaction-local setting, honoured only when the
-- session's login role is a superuser (the local test stack's direct connections). The website,
-- PostgREST (authenticator) and hosted Supabase's roles are never superusers, so they always get now().
create or replace function private.clock()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(
    case when (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = session_user)
         then nullif(current_setting('ascent.test_now', true), '')::timestamptz end,
    now());
$$;
comment on function private.clock() is 'now(), or in tests only (superuser sessions) the transaction-local setting ascent.test_now.';
revoke all on function private.clock() from public;

-- The price a seat of a program (on an intake, or none yet) costs at a moment: the intake's
-- early-bird while it applies (it overrides the program's), else the program's while it applies,
-- else the regular price. An early-bird not lower than the regular price never applies.
create or replace function private.price_that_applies(program uuid, intake uuid, moment timestamptz)
returns table (unit_price numeric, regular_price numeric, early_bird_until timestamptz)
language sql
stable
set search_path = ''
as $$
  select coalesce(eb.price, p.price_amount), p.price_amount, eb.until
    from public.training_programs p
    left join public.program_intakes t on t.id = intake and t.program_id = p.id
    left join lateral (
      select x.price, x.until
        from (values (t.early_bird_price, t.early_bird_until, 1), (p.early_bird_price, p.early_bird_until, 2)) x(price, until, rank)
       where moment < x.until and x.price < p.price_amount
       order by x.rank
       limit 1) eb on true
   where p.id = program;
$$;
revoke all on function private.price_that_applies(uuid, uuid, timestamptz) from public;

-- Visitors see a program's and an intake's early-bird while it applies (the views add the columns
-- at the end, as create or replace view requires, and keep their security barrier).
create or replace view public.public_training_programs
with (security_invoker = false, security_barrier = true)
as
select id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, sort_order,
       image_url, tax_class,
       case when now() < early_bird_until then early_bird_price end as early_bird_price,
       case when now() < early_bird_until then early_bird_until end as early_bird_until
from public.training_programs
where is_published;

create or replace view public.public_program_intakes
with (security_invoker = false, security_barrier = true)
as
select i.id, i.program_id, p.slug as program_slug, i.starts_on, i.ends_on, i.is_online, i.venue, i.capacity,
       greatest(i.capacity - coalesce(booked.seats, 0), 0)::integer as seats_left,
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
where i.is_published and i.starts_on > (now() at time zone 'Africa/Nairobi')::date;

-- Order lines record which price applied ----------------------------------------------------------

alter table public.order_items
  add column regular_unit_price numeric(12, 2),
  add column early_bird_until timestamptz,
  add constraint order_items_early_bird_recorded check (
    (regular_unit_price is null and early_bird_until is null)
    or (regular_unit_price is not null and early_bird_until is not null and regular_unit_price > unit_price));
comment on column public.order_items.regular_unit_price is 'The regular price of a seat when an early-bird price (unit_price) applied; null otherwise.';
comment on column public.order_items.early_bird_until is 'The deadline of the early-bird price this line got; null when the regular price applied.';

-- private.order_json: from 20261129200000_vouchers.sql; each line's regular price and early-bird deadline.
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
      'organisation', o.organisation, 'po_number', o.po_number,
      'kra_pin', o.buyer_kra_pin, 'address', o.buyer_address),
    'kes_per_usd', o.kes_per_usd,
    'total_usd', o.total_usd,
    'total_kes', o.total_kes,
    'voucher_code', o.voucher_code,
    'discount_usd', private.order_discount(o.id, 'USD'),
    'discount_kes', private.order_discount(o.id, 'KES'),
    'mpesa_code', o.mpesa_code,
    'mpesa_code_submitted_at', o.mpesa_code_submitted_at,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'program_id', i.program_id,
        'program_slug', p.slug,
        'title', i.title,
        'unit_price', i.unit_price,
        'regular_unit_price', i.regular_unit_price,
        'early_bird_until', i.early_bird_until,
        'currency', i.currency,
        'quantity', i.quantity,
        'discount_amount', i.discount_amount,
        'discounted_seats', i.discounted_seats,
        'line_total', i.line_total,
        'tax_class', jsonb_build_object('code', tc.id, 'label', tc.label, 'rate_basis_points', tc.rate_basis_points),
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
        join public.tax_classes tc on tc.id = i.tax_class
       where i.order_id = o.id), '[]'::jsonb))
  from public.orders o
  where o.id = target;
$$;

-- public.create_order: from 20261129200000_vouchers.sql, same signature. Each line's price is the
-- one that applies at the database clock (private.clock(): now() outside tests), decided in the
-- first pass with its intake; a voucher discounts that price; the line records the regular price
-- and the early-bird deadline when an early-bird applied.
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
    select * into priced from private.price_that_applies((line ->> 'program_id')::uuid, chosen, priced_at);
    line_prices := array_append(line_prices, priced.unit_price);
    line_regular_prices := array_append(line_regular_prices, priced.regular_price);
    line_early_bird_until := array_append(line_early_bird_until, priced.early_bird_until);
  end loop;

  -- The voucher (issue 30), checked under its row's lock: orders using one code queue here, and
  -- each counts the uses the ones before it committed, so the limit is never passed.
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
    if voucher.valid_from is not null and now() < voucher.valid_from then
      perform private.refuse('voucher_code', 'voucher_not_yet_valid', format('This code can be used from %s.',
        to_char(voucher.valid_from at time zone 'Africa/Nairobi', 'FMDD FMMonth YYYY, HH24:MI')));
    end if;
    if voucher.valid_until is not null and now() >= voucher.valid_until then
      perform private.refuse('voucher_code', 'voucher_expired', format('This code expired on %s.',
        to_char(voucher.valid_until at time zone 'Africa/Nairobi', 'FMDD FMMonth YYYY, HH24:MI')));
    end if;
    if voucher.max_uses is not null and private.voucher_uses(voucher.id) >= voucher.max_uses then
      perform private.refuse('voucher_code', 'voucher_used_up',
        'This code has been used as many times as it allows. Please remove it to place your order without it.');
    end if;
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
  'Checkout: creates an order in one transaction (prices with early-bird ones as the database clock has them, seats held for a time, reference, token, e-mails, the tax invoice''s buyer, a voucher). Callable by anon; see the migrations for refusals.';
revoke all on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text) from public;
grant execute on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text)
  to anon, authenticated, service_role;
