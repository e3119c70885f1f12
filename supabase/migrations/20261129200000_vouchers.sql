-- Vouchers (issue 30, item 1): codes that take a percentage or an amount off a seat, or set its
-- price, for all programs, chosen programs or chosen intakes, between dates, with a total use
-- limit and a limit on the seats one order may discount. create_order applies them (never the
-- browser), records the redemption and counts the uses under the voucher row's lock, so a code is
-- never used more often than it allows, however many checkouts race. Marketing writes vouchers,
-- finance reads them; anonymous visitors and customers see none.
--
-- A use is a redemption whose order still holds its seats: an order cancelled or expired gives its
-- use back. Lines record their discount (order_items.discount_amount, the seats it covers);
-- line_total, the order's totals and the tax documents are after the discount.

-- Codes are kept in capitals without spaces: as typed, case and spaces do not matter.
create or replace function private.normalise_voucher_code(raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(upper(regexp_replace(coalesce(raw, ''), '\s+', '', 'g')), '');
$$;
revoke all on function private.normalise_voucher_code(text) from public;
grant execute on function private.normalise_voucher_code(text) to authenticated, service_role;

create table public.vouchers (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  description text,
  -- percent_off: percent_off % of each covered seat; amount_off: amount off each covered seat;
  -- set_price: each covered seat costs amount (never more than its catalogue price).
  kind text not null,
  percent_off numeric(5, 2),
  amount numeric(12, 2),
  currency text,
  -- all_programs, programs (program_ids) or intakes (intake_ids).
  scope text not null default 'all_programs',
  program_ids uuid[] not null default '{}',
  intake_ids uuid[] not null default '{}',
  valid_from timestamptz,
  valid_until timestamptz,
  -- Orders that may use the code (null: no limit), and seats one order may discount (null: all).
  max_uses integer,
  max_seats_per_order integer,
  is_paused boolean not null default false,
  -- Codes generated together in bulk share a batch.
  batch_id uuid,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint vouchers_code_key unique (code),
  constraint vouchers_code_format check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'),
  constraint vouchers_description_length check (description is null or length(description) <= 200),
  constraint vouchers_kind_known check (kind in ('percent_off', 'amount_off', 'set_price')),
  constraint vouchers_kind_values check (
    case kind
      when 'percent_off' then percent_off > 0 and percent_off <= 100 and amount is null and currency is null
      else percent_off is null and amount >= 0 and currency in ('USD', 'KES')
            and (amount > 0 or kind = 'set_price')
    end),
  constraint vouchers_scope_known check (scope in ('all_programs', 'programs', 'intakes')),
  constraint vouchers_scope_lists check (
    case scope
      when 'all_programs' then cardinality(program_ids) = 0 and cardinality(intake_ids) = 0
      when 'programs' then cardinality(program_ids) between 1 and 200 and cardinality(intake_ids) = 0
      else cardinality(intake_ids) between 1 and 200 and cardinality(program_ids) = 0
    end),
  constraint vouchers_valid_dates check (valid_until is null or valid_from is null or valid_until > valid_from),
  constraint vouchers_max_uses_positive check (max_uses is null or max_uses between 1 and 1000000),
  constraint vouchers_max_seats_positive check (max_seats_per_order is null or max_seats_per_order between 1 and 1000)
);

comment on table public.vouchers is
  'Discount codes entered at checkout and applied by create_order (issue 30). Marketing writes, finance reads.';

create table public.voucher_redemptions (
  id uuid primary key default gen_random_uuid(),
  voucher_id uuid not null references public.vouchers (id) on delete restrict,
  order_id uuid not null references public.orders (id) on delete cascade,
  seats integer not null,
  -- The order's discount in the order's currency (the lines hold it in theirs).
  discount_amount numeric(12, 2) not null,
  currency text not null,
  created_at timestamptz not null default now(),
  constraint voucher_redemptions_order_key unique (order_id),
  constraint voucher_redemptions_seats_positive check (seats > 0),
  constraint voucher_redemptions_discount_not_negative check (discount_amount >= 0),
  constraint voucher_redemptions_currency_known check (currency in ('USD', 'KES'))
);

comment on table public.voucher_redemptions is
  'One row per order that used a voucher: the seats it discounted and the discount. Written by create_order only.';

create index voucher_redemptions_voucher_idx on public.voucher_redemptions (voucher_id);
create index vouchers_batch_idx on public.vouchers (batch_id) where batch_id is not null;

create trigger vouchers_touch_updated_at
  before update on public.vouchers
  for each row execute function private.touch_updated_at();
create trigger vouchers_audit
  after insert or update or delete on public.vouchers
  for each row execute function private.audit_row_change();
create trigger voucher_redemptions_audit
  after insert or update or delete on public.voucher_redemptions
  for each row execute function private.audit_row_change();

-- RLS: staff by private.staff_access (marketing writes, finance reads, admin all); nobody else.
-- Codes are stored in capitals (the format check; the admin page sends them so): create_order
-- looks a typed code up in capitals, which makes codes case-insensitive.
alter table public.vouchers enable row level security;
alter table public.voucher_redemptions enable row level security;
revoke all on table public.vouchers, public.voucher_redemptions from anon, authenticated;
grant select on table public.vouchers, public.voucher_redemptions to authenticated;
grant insert (code, description, kind, percent_off, amount, currency, scope, program_ids, intake_ids, valid_from,
              valid_until, max_uses, max_seats_per_order, is_paused, batch_id)
  on table public.vouchers to authenticated;
-- The code and what it gives stay as they were issued: a change is a new voucher.
grant update (description, valid_from, valid_until, max_uses, max_seats_per_order, is_paused)
  on table public.vouchers to authenticated;

create policy vouchers_select_staff on public.vouchers
  for select to authenticated
  using ((select private.staff_may('vouchers', false)));
create policy vouchers_insert_staff on public.vouchers
  for insert to authenticated
  with check ((select private.staff_may('vouchers', true)));
create policy vouchers_update_staff on public.vouchers
  for update to authenticated
  using ((select private.staff_may('vouchers', true)))
  with check ((select private.staff_may('vouchers', true)));
create policy voucher_redemptions_select_staff on public.voucher_redemptions
  for select to authenticated
  using ((select private.staff_may('voucher_redemptions', false)));

insert into private.staff_access (relation, role, may_write) values
  ('vouchers', 'marketing', true),
  ('vouchers', 'finance', false),
  ('voucher_redemptions', 'marketing', false),
  ('voucher_redemptions', 'finance', false);

-- A voucher's uses: its redemptions whose orders still hold seats (pending or paid, not
-- cancelled or expired). create_order counts them under the voucher's row lock.
create or replace function private.voucher_uses(target uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer
    from public.voucher_redemptions r
    join public.orders o on o.id = r.order_id
   where r.voucher_id = target and private.order_holds_seats(o.status);
$$;
revoke all on function private.voucher_uses(uuid) from public;

-- The admin's list: each voucher's uses and seats discounted (staff who may read vouchers).
create or replace function public.voucher_usage()
returns table (voucher_id uuid, uses integer, seats integer)
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
    select r.voucher_id, count(*)::integer, sum(r.seats)::integer
      from public.voucher_redemptions r
      join public.orders o on o.id = r.order_id
     where private.order_holds_seats(o.status)
     group by r.voucher_id;
end;
$$;
comment on function public.voucher_usage() is 'Uses (orders holding seats) and seats discounted per voucher, for marketing and finance.';
revoke all on function public.voucher_usage() from public, anon;
grant execute on function public.voucher_usage() to authenticated, service_role;

-- Lines and orders record the discount ----------------------------------------------------------

alter table public.orders add column voucher_code text;
comment on column public.orders.voucher_code is 'The voucher code the order used, as issued (voucher_redemptions holds the rest).';

alter table public.order_items
  add column discount_amount numeric(12, 2) not null default 0,
  add column discounted_seats integer not null default 0,
  add constraint order_items_discount_range check (discount_amount >= 0 and discount_amount <= unit_price * quantity),
  add constraint order_items_discounted_seats_range check (discounted_seats between 0 and quantity);
comment on column public.order_items.discount_amount is 'The voucher''s discount on this line, in the line''s currency (line_total is after it).';

-- line_total is what the line costs: after its discount.
alter table public.order_items drop column line_total;
alter table public.order_items
  add column line_total numeric(12, 2) generated always as (unit_price * quantity - discount_amount) stored;

-- private.recompute_order_totals: from 20261121060600_orders.sql; the totals are after discounts.
create or replace function private.recompute_order_totals(target uuid)
returns void
language sql
set search_path = ''
as $$
  update public.orders o
     set total_usd = coalesce((
           select round(sum(case when i.currency = 'USD' then i.unit_price * i.quantity - i.discount_amount
                                 else (i.unit_price * i.quantity - i.discount_amount) / o.kes_per_usd end), 2)
             from public.order_items i where i.order_id = o.id), 0),
         total_kes = coalesce((
           select round(sum(case when i.currency = 'KES' then i.unit_price * i.quantity - i.discount_amount
                                 else (i.unit_price * i.quantity - i.discount_amount) * o.kes_per_usd end), 2)
             from public.order_items i where i.order_id = o.id), 0)
   where o.id = target;
$$;

drop trigger order_items_refresh_totals on public.order_items;
create trigger order_items_refresh_totals
  after insert or delete or update of order_id, quantity, unit_price, currency, discount_amount on public.order_items
  for each row execute function private.refresh_order_totals();

-- An order's discount in one currency, converted as the totals are.
create or replace function private.order_discount(target uuid, in_currency text)
returns numeric
language sql
stable
set search_path = ''
as $$
  select coalesce(round(sum(case when i.currency = in_currency then i.discount_amount
                                 when in_currency = 'KES' then i.discount_amount * o.kes_per_usd
                                 else i.discount_amount / o.kes_per_usd end), 2), 0)
    from public.order_items i join public.orders o on o.id = i.order_id
   where i.order_id = target;
$$;
revoke all on function private.order_discount(uuid, text) from public;

-- private.order_json: from 20261128200200_order_json_tax.sql; the voucher and each line's discount.
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

-- Tax documents: each line's gross is after its discount, which the line records (shown on the
-- PDF; eTIMS gets it as the difference from the list price).
alter table public.tax_document_lines add column discount_kes numeric(12, 2) not null default 0;
comment on column public.tax_document_lines.discount_kes is 'The voucher discount on this line in KES (gross_kes is after it).';

-- private.write_tax_document_lines: from 20261128180100_etims_submission.sql; lines after discounts.
create or replace function private.write_tax_document_lines(document uuid, target_order uuid, direction integer)
returns table (gross_kes numeric, vat_kes numeric, net_kes numeric)
language sql
volatile
set search_path = ''
as $$
  with lines as (
    select i.position, i.title, i.quantity, i.unit_price, i.currency, i.tax_class, c.rate_basis_points,
           -- A deleted program's line: its code is gone, the generic one stands in.
           coalesce(p.etims_item_code, 'KE3NTU0000000') as item_code,
           (case when i.currency = 'KES' then i.line_total
                 else i.line_total * o.kes_per_usd end) * 100 as exact_cents,
           round(case when i.currency = 'KES' then i.discount_amount
                      else i.discount_amount * o.kes_per_usd end, 2) as discount_kes,
           round(o.total_kes * 100)::bigint as order_cents
      from public.order_items i
      join public.orders o on o.id = i.order_id
      join public.tax_classes c on c.id = i.tax_class
      left join public.training_programs p on p.id = i.program_id
     where i.order_id = target_order
  ), floored as (
    select l.*, floor(l.exact_cents)::bigint as floor_cents,
           row_number() over (order by l.exact_cents - floor(l.exact_cents) desc, l.position) as remainder_rank
      from lines l
  ), shared as (
    select f.*, f.floor_cents
                + case when f.remainder_rank <= f.order_cents - sum(f.floor_cents) over () then 1 else 0 end
                as gross_cents
      from floored f
  ), split as (
    select s.*, private.vat_inside_cents(direction * s.gross_cents, s.rate_basis_points) as vat_cents
      from shared s
  ), written as (
    insert into public.tax_document_lines (document_id, position, title, quantity, unit_price, currency, tax_class,
                                           rate_basis_points, gross_kes, vat_kes, net_kes, item_code, discount_kes)
    select document, s.position, s.title, s.quantity, s.unit_price, s.currency, s.tax_class, s.rate_basis_points,
           direction * s.gross_cents / 100.0, s.vat_cents / 100.0, (direction * s.gross_cents - s.vat_cents) / 100.0,
           s.item_code, direction * s.discount_kes
      from split s
    returning tax_document_lines.gross_kes, tax_document_lines.vat_kes, tax_document_lines.net_kes
  )
  select coalesce(sum(w.gross_kes), 0), coalesce(sum(w.vat_kes), 0), coalesce(sum(w.net_kes), 0) from written w;
$$;

-- private.tax_document_json: from 20261128240000_tax_document_reads.sql; each line's discount.
create or replace function private.tax_document_json(document uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'id', d.id,
           'kind', d.kind,
           'document_number', d.document_number,
           'issued_at', d.issued_at,
           'order_reference', o.reference,
           'credited_document_number', (select c.document_number from public.tax_documents c
                                         where c.id = d.credited_document_id),
           'reason', d.reason,
           'currency', d.currency,
           'kes_per_usd', d.kes_per_usd,
           'total', d.total,
           'gross_kes', d.gross_kes,
           'vat_kes', d.vat_kes,
           'net_kes', d.net_kes,
           'buyer_name', d.buyer_name,
           'buyer_email', d.buyer_email,
           'buyer_organisation', d.buyer_organisation,
           'buyer_kra_pin', d.buyer_kra_pin,
           'buyer_address', d.buyer_address,
           'etims_status', d.etims_status,
           'etims_receipt', d.etims_receipt,
           'lines', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'position', l.position, 'title', l.title, 'quantity', l.quantity,
                      'unit_price', l.unit_price, 'currency', l.currency, 'tax_class', l.tax_class,
                      'tax_class_label', c.label, 'rate_basis_points', l.rate_basis_points,
                      'gross_kes', l.gross_kes, 'vat_kes', l.vat_kes, 'net_kes', l.net_kes,
                      'discount_kes', l.discount_kes
                    ) order by l.position)
               from public.tax_document_lines l
               join public.tax_classes c on c.id = l.tax_class
              where l.document_id = d.id), '[]'::jsonb)
         )
    from public.tax_documents d
    join public.orders o on o.id = d.order_id
   where d.id = document;
$$;

-- Checkout takes a voucher code ---------------------------------------------------------------

-- public.create_order: from 20261128200000_checkout_buyer_kra_pin.sql. One new parameter with a
-- default: the old signature is dropped so calls without it are not ambiguous.
drop function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text);

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
      select p.price_amount, p.currency into program from public.training_programs p where p.id = (line ->> 'program_id')::uuid;
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
                                    discounted_seats, discount_amount)
    select new_order, line_index + 1, p.id, chosen_intakes[line_index + 1], p.title, p.price_amount, p.currency,
           (line ->> 'quantity')::integer, coalesce(line_discounted_seats[line_index + 1], 0),
           coalesce(line_discounted_seats[line_index + 1] * line_seat_discounts[line_index + 1], 0)
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
  'Checkout: creates an order in one transaction (prices, seats held for a time, reference, token, e-mails, the tax invoice''s buyer, a voucher). Callable by anon; see the migrations for refusals.';
revoke all on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text) from public;
grant execute on function public.create_order(text, text, text, text, text, boolean, jsonb, text, text, text, text, text)
  to anon, authenticated, service_role;
