-- Checkout: anonymous visitors create orders through ONE function, public.create_order, in one
-- transaction; they read an order back only with its confirmation token (get_order) and may
-- submit an M-Pesa confirmation code with it (submit_mpesa_code). Nobody inserts order rows
-- directly any more: the function is the one writer, so it alone decides prices (read from
-- training_programs under the same transaction), seats (intake rows locked), the reference
-- and the token.
--
-- Design notes (the why):
--  * One writer instead of snapshot triggers. The first orders migration copied title and
--    price in a before-insert trigger, yet left order_items' snapshot columns NOT NULL without
--    defaults, so every caller had to send placeholder values the trigger then overwrote. Now
--    no API role but the trusted service role may insert order rows at all; visitors go
--    through create_order (security definer, owner postgres), which writes title, price and
--    currency with the values it read itself, and the trigger is gone.
--  * Seats are counted, not stored: seats left = capacity minus the quantities of non-cancelled
--    order lines on the intake. Every booking locks the intake rows it books (`for update`, in
--    id order, so two orders never deadlock) before counting, so concurrent orders serialise
--    per intake and never oversell; a cancelled order frees its seats with no bookkeeping.
--  * Idempotency: the browser sends a UUID per checkout attempt. A transaction-scoped advisory
--    lock on the key makes a concurrent double submit wait for the first; it then finds the
--    order (unique idempotency_key) and returns the same reference and token. The same key
--    with different content is refused.
--  * Throttle: at most private.order_throttle.max_orders orders per client per window. The
--    client is the caller's IP as the gateway reports it in PostgREST's request.headers:
--    `cf-connecting-ip` on hosted Supabase (Cloudflare sets it and overwrites any sent by the
--    client, unlike x-forwarded-for, whose first entries the client can forge), else the LAST
--    x-forwarded-for entry (the one the local gateway appends from the socket). A client-wide
--    advisory lock keeps concurrent orders from one client from slipping past the count.
--  * References ASC-<year>-<6 digits> come from a counter row per year (Nairobi time) updated
--    in the order's transaction: gapless and sequential, a rolled-back order returns its number.
--  * Tokens: 32 random bytes from pgcrypto, base64url (43 characters, 256 bits).
--  * Refusals raise SQLSTATE P0001 (PostgREST: HTTP 400) with DETAIL = the field (0-based paths
--    into the arguments, as the checkout form names them) and HINT = a machine reason; the
--    message is a sentence for the customer. Throttling raises PT429 (HTTP 429).

-- Orders: what the checkout records ------------------------------------------------------------

-- No order can exist yet without these (no code path created orders before this migration).
alter table public.orders
  add column reference text not null,
  add column confirmation_token text not null,
  add column idempotency_key uuid not null,
  -- md5 of the arguments, to tell a retry from a different order sent with a used key.
  add column request_hash text not null,
  add column payment_method text not null,
  add column po_number text,
  add column terms_accepted_at timestamptz not null,
  add column mpesa_code text,
  add column mpesa_code_submitted_at timestamptz,
  -- The caller's IP as the throttle saw it ('unknown' when no gateway header was present).
  add column client_key text not null,
  add constraint orders_reference_key unique (reference),
  add constraint orders_confirmation_token_key unique (confirmation_token),
  add constraint orders_idempotency_key_key unique (idempotency_key),
  add constraint orders_reference_format check (reference ~ '^ASC-[0-9]{4}-[0-9]{6}$'),
  add constraint orders_confirmation_token_format check (confirmation_token ~ '^[A-Za-z0-9_-]{43}$'),
  add constraint orders_payment_method_known check (payment_method in ('invoice', 'mpesa')),
  add constraint orders_po_number_format check (po_number is null or length(btrim(po_number)) between 1 and 50),
  add constraint orders_mpesa_code_format check (mpesa_code is null or mpesa_code ~ '^[A-Z0-9]{10}$'),
  add constraint orders_mpesa_code_only_for_mpesa check (mpesa_code is null or payment_method = 'mpesa');

comment on column public.orders.currency is 'Invoicing currency: KES for M-Pesa or an all-KES order, else USD. Both totals are always kept.';

-- The throttle counts a client's recent orders.
create index orders_client_key_created_at_idx on public.orders (client_key, created_at);

-- Lines: the intake booked, one line per program, 1..50 seats -------------------------------------

drop trigger order_items_snapshot on public.order_items;
drop function private.snapshot_order_item();

alter table public.order_items
  -- Null: "next available intake" for a program with no intake to book yet; staff assign one.
  add column intake_id uuid references public.program_intakes (id) on delete restrict,
  add column line_total numeric(12, 2) generated always as (unit_price * quantity) stored,
  -- 1-based line number: lines are shown in the order the customer's cart listed them.
  add column position smallint not null,
  add constraint order_items_position_range check (position between 1 and 20),
  add constraint order_items_order_position_key unique (order_id, position),
  drop constraint order_items_quantity_range,
  add constraint order_items_quantity_range check (quantity between 1 and 50);

create index order_items_intake_id_idx on public.order_items (intake_id);

-- Participants: one per seat ----------------------------------------------------------------------

create table public.order_participants (
  id uuid primary key default gen_random_uuid(),
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  -- 1-based seat number within the line: participants are listed as the customer gave them.
  position smallint not null,
  full_name text not null,
  email text,
  created_at timestamptz not null default now(),
  constraint order_participants_item_position_key unique (order_item_id, position),
  constraint order_participants_position_range check (position between 1 and 50),
  constraint order_participants_full_name_not_blank check (length(btrim(full_name)) between 1 and 200),
  constraint order_participants_email_format check (email is null or (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'))
);

comment on table public.order_participants is 'The people attending: one row per seat of an order line.';

alter table public.order_participants enable row level security;

-- Privileges: visitors write orders only through create_order; staff read everything and change
-- status (granted in the first orders migration); the service role keeps Supabase's defaults.

revoke all on table public.order_participants from anon, authenticated;
grant select on table public.order_participants to authenticated;

create policy order_participants_select_staff on public.order_participants
  for select to authenticated
  using ((select private.is_staff()));

-- Helpers -----------------------------------------------------------------------------------------

-- Per-year reference counters; the row lock serialises numbering within a year.
create table private.order_reference_counters (
  year integer primary key,
  last_number integer not null,
  constraint order_reference_counters_range check (last_number between 1 and 999999)
);

-- The throttle's limits, one row. Raise them for a load test or a browser suite that orders a
-- lot from one address (as postgres: update private.order_throttle set max_orders = 1000).
create table private.order_throttle (
  id boolean primary key default true,
  max_orders integer not null,
  window_seconds integer not null,
  constraint order_throttle_single_row check (id),
  constraint order_throttle_positive check (max_orders > 0 and window_seconds > 0)
);

insert into private.order_throttle (max_orders, window_seconds) values (10, 600);

-- Refuses with the customer's message, the field it belongs to and a machine reason.
create or replace function private.refuse(field text, reason text, message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = message, detail = coalesce(field, ''), hint = reason;
end;
$$;

-- Today in Nairobi: intakes are dated in the institute's time zone.
create or replace function private.nairobi_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'Africa/Nairobi')::date;
$$;

-- A phone number in E.164 (+254712345678), or null when it is neither a Kenyan number
-- (07.., 01.., 254.., +254..) nor an international one (+<country><number>, or 00 instead of +).
create or replace function private.normalise_phone(raw text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  compact text;
begin
  if raw is null or length(raw) > 30 or btrim(raw) !~ '^\+?[0-9 ().-]+$' then
    return null;
  end if;
  compact := regexp_replace(raw, '[ ().-]', '', 'g');
  if compact ~ '^0[17][0-9]{8}$' then
    return '+254' || substr(compact, 2);
  end if;
  if compact ~ '^00' then
    compact := '+' || substr(compact, 3);
  elsif compact ~ '^254' then
    compact := '+' || compact;
  end if;
  if compact ~ '^\+254' then
    return case when compact ~ '^\+254[17][0-9]{8}$' then compact end;
  end if;
  return case when compact ~ '^\+[1-9][0-9]{7,14}$' then compact end;
end;
$$;

create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null and length(value) <= 254 and value ~ '^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$';
$$;

-- The text of an optional field: null when absent or blank, trimmed otherwise.
create or replace function private.optional_text(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(value), '');
$$;

-- The calling client's IP, as the gateway in front of PostgREST reports it (see the header).
create or replace function private.client_key()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  forwarded text;
begin
  if headers is null then
    return 'unknown';
  end if;
  if nullif(btrim(headers ->> 'cf-connecting-ip'), '') is not null then
    return left(btrim(headers ->> 'cf-connecting-ip'), 64);
  end if;
  forwarded := headers ->> 'x-forwarded-for';
  if nullif(btrim(forwarded), '') is not null then
    return left(btrim(regexp_replace(forwarded, '^.*,', '')), 64);
  end if;
  return 'unknown';
end;
$$;

-- The order as the confirmation page, the invoice and the e-mails show it.
create or replace function private.order_json(target uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', o.reference,
    'status', o.status,
    'created_at', o.created_at,
    'payment_method', o.payment_method,
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

revoke all on function private.refuse(text, text, text), private.nairobi_today(), private.normalise_phone(text),
  private.is_email(text), private.optional_text(text), private.client_key(), private.order_json(uuid) from public;

-- Public intakes ----------------------------------------------------------------------------------
-- Runs with its owner's rights (like the public_* catalogue views; see their migration): it
-- applies the visibility rules itself (published intake of a published program, starting after
-- today in Nairobi) and exposes public columns only, so the planner keeps its indexes for anon.
-- Full intakes stay listed with seats_left = 0 so a page can say "Full".

create view public.public_program_intakes
with (security_invoker = false)
as
select i.id, i.program_id, p.slug as program_slug, i.starts_on, i.ends_on, i.is_online, i.venue, i.capacity,
       greatest(i.capacity - coalesce(booked.seats, 0), 0)::integer as seats_left
from public.program_intakes i
join public.training_programs p on p.id = i.program_id and p.is_published
left join lateral (
  select sum(l.quantity) as seats
    from public.order_items l
    join public.orders o on o.id = l.order_id and o.status <> 'cancelled'
   where l.intake_id = i.id) booked on true
where i.is_published and i.starts_on > (now() at time zone 'Africa/Nairobi')::date;

comment on view public.public_program_intakes is 'Published upcoming intakes of published programs with seats left. Use for program pages and checkout.';

revoke all on table public.public_program_intakes from anon, authenticated, service_role;
grant select on table public.public_program_intakes to anon, authenticated, service_role;

-- create_order ------------------------------------------------------------------------------------

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
  if create_order.payment_method is null or create_order.payment_method not in ('invoice', 'mpesa') then
    perform private.refuse('payment_method', 'invalid_payment_method', 'Please choose how you will pay.');
  end if;
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

  -- Throttle, per client, counted under a client-wide lock.
  perform pg_advisory_xact_lock(hashtextextended('create_order:client:' || client, 0));
  select t.max_orders, t.window_seconds into limits from private.order_throttle t;
  select count(*) into recent from public.orders o
   where o.client_key = client and o.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_orders then
    raise exception using errcode = 'PT429', hint = 'too_many_orders',
      message = 'Too many orders from your network in a short time. Please try again in a few minutes.';
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
          join public.orders o on o.id = l.order_id and o.status <> 'cancelled'
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
                 join public.orders o on o.id = l.order_id and o.status <> 'cancelled'
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

  insert into public.orders (customer_name, customer_email, customer_phone, organisation, po_number, payment_method,
                             currency, terms_accepted_at, reference, confirmation_token, idempotency_key,
                             request_hash, client_key)
  values (btrim(buyer_name), btrim(buyer_email), phone, org, po, create_order.payment_method,
          case when create_order.payment_method = 'mpesa' or all_kes then 'KES' else 'USD' end,
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
  'Checkout: creates an order in one transaction (prices, seats, reference, token, e-mails). Callable by anon; see the migration for refusals.';

-- Reading and updating an order by its token ------------------------------------------------------

create or replace function public.get_order(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.order_json(o.id)
    from public.orders o
   where o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$';
$$;

comment on function public.get_order(text) is 'The order with this confirmation token, or null: the only way anon reads an order.';

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
  if target.status <> 'pending' then
    perform private.refuse('code', 'order_closed', 'This order is already paid or cancelled.');
  end if;
  update public.orders set mpesa_code = normalised, mpesa_code_submitted_at = now() where id = target.id;
  -- The bookings team verifies the code against the Paybill statement.
  insert into public.mail_outbox (kind, order_id, recipient) values ('mpesa_code_notification', target.id, null);
  return private.order_json(target.id);
end;
$$;

comment on function public.submit_mpesa_code(text, text) is 'Stores the M-Pesa confirmation code of a pending M-Pesa order, by its token.';

-- The worker's view of an order: the JSON plus what only the e-mails need.
create or replace function public.order_document(order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.order_json(o.id) || jsonb_build_object('id', o.id, 'token', o.confirmation_token)
    from public.orders o where o.id = order_id;
$$;

comment on function public.order_document(uuid) is 'Service role only: an order with its id and token, for the mail worker.';

revoke all on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text) from public;
revoke all on function public.get_order(text) from public;
revoke all on function public.submit_mpesa_code(text, text) from public;
revoke all on function public.order_document(uuid) from public, anon, authenticated;
grant execute on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text) to anon, authenticated, service_role;
grant execute on function public.get_order(text) to anon, authenticated, service_role;
grant execute on function public.submit_mpesa_code(text, text) to anon, authenticated, service_role;
grant execute on function public.order_document(uuid) to service_role;
