-- Orders placed through the cart. A server function (service role) creates the order and its
-- items; the database copies each program's title and price and keeps the totals, so neither
-- the browser nor a buggy function can set what a program costs. Staff read orders and may
-- change only their status.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  customer_name text not null,
  customer_email text not null,
  customer_phone text,
  organisation text,
  status text not null default 'pending',
  -- The currency the customer is invoiced in.
  currency text not null default 'USD',
  -- Rate used for this order's totals (business constant 129.16 KES per USD), kept per order so
  -- that a later change of rate does not rewrite history.
  kes_per_usd numeric(10, 4) not null default 129.16,
  -- Maintained by private.refresh_order_totals(); never trusted from a caller.
  total_usd numeric(12, 2) not null default 0,
  total_kes numeric(12, 2) not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_customer_name_not_blank check (length(btrim(customer_name)) between 1 and 200),
  constraint orders_customer_email_format check (length(customer_email) <= 254 and customer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint orders_customer_phone_format check (customer_phone is null or customer_phone ~ '^\+?[0-9][0-9 ()-]{6,19}$'),
  constraint orders_organisation_not_blank check (organisation is null or length(btrim(organisation)) between 1 and 200),
  constraint orders_status_known check (status in ('pending', 'paid', 'cancelled')),
  constraint orders_currency_known check (currency in ('USD', 'KES')),
  constraint orders_rate_positive check (kes_per_usd > 0),
  constraint orders_totals_not_negative check (total_usd >= 0 and total_kes >= 0)
);

comment on table public.orders is 'Checkout orders. Created by a server function (service role); staff read them and update status.';

alter table public.orders enable row level security;

create trigger orders_touch_updated_at
  before update on public.orders
  for each row execute function private.touch_updated_at();

-- The admin lists newest orders first, often filtered by status.
create index orders_status_created_at_idx on public.orders (status, created_at desc);

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- Set null when a program is deleted: the snapshot below keeps the order readable.
  program_id uuid references public.training_programs (id) on delete set null,
  -- Snapshots taken at insert time by private.snapshot_order_item().
  title text not null,
  unit_price numeric(12, 2) not null,
  currency text not null,
  quantity integer not null default 1,
  created_at timestamptz not null default now(),
  -- The cart refuses a program twice; one line per program, quantity says how many seats.
  constraint order_items_order_program_key unique (order_id, program_id),
  constraint order_items_quantity_range check (quantity between 1 and 1000),
  constraint order_items_unit_price_positive check (unit_price > 0),
  constraint order_items_currency_known check (currency in ('USD', 'KES'))
);

comment on table public.order_items is 'Lines of an order, with the program title and price as they were when ordered.';

alter table public.order_items enable row level security;

create index order_items_program_id_idx on public.order_items (program_id);

-- Copies title and price from the published program, whatever the caller sent.
create or replace function private.snapshot_order_item()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  program record;
begin
  select p.title, p.price_amount, p.currency
    into program
    from public.training_programs p
    where p.id = new.program_id and p.is_published;
  if not found then
    raise exception 'training program % does not exist or is not published', new.program_id
      using errcode = 'foreign_key_violation';
  end if;
  new.title := program.title;
  new.unit_price := program.price_amount;
  new.currency := program.currency;
  return new;
end;
$$;

revoke all on function private.snapshot_order_item() from public;

create trigger order_items_snapshot
  before insert on public.order_items
  for each row execute function private.snapshot_order_item();

-- Orders start at zero; only the items decide the totals.
create or replace function private.zero_order_totals()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.total_usd := 0;
  new.total_kes := 0;
  return new;
end;
$$;

revoke all on function private.zero_order_totals() from public;

create trigger orders_zero_totals
  before insert on public.orders
  for each row execute function private.zero_order_totals();

-- Recomputes both totals of one order: KES lines convert to USD by dividing by the order's
-- rate and USD lines to KES by multiplying, rounded once at the end.
create or replace function private.recompute_order_totals(target uuid)
returns void
language sql
set search_path = ''
as $$
  update public.orders o
     set total_usd = coalesce((
           select round(sum(case when i.currency = 'USD' then i.unit_price * i.quantity
                                 else i.unit_price * i.quantity / o.kes_per_usd end), 2)
             from public.order_items i where i.order_id = o.id), 0),
         total_kes = coalesce((
           select round(sum(case when i.currency = 'KES' then i.unit_price * i.quantity
                                 else i.unit_price * i.quantity * o.kes_per_usd end), 2)
             from public.order_items i where i.order_id = o.id), 0)
   where o.id = target;
$$;

revoke all on function private.recompute_order_totals(uuid) from public;
grant execute on function private.recompute_order_totals(uuid) to service_role;

create or replace function private.refresh_order_totals()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    perform private.recompute_order_totals(old.order_id);
  end if;
  -- An item moved to another order changes both orders.
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.order_id is distinct from old.order_id) then
    perform private.recompute_order_totals(new.order_id);
  end if;
  return null;
end;
$$;

revoke all on function private.refresh_order_totals() from public;

-- Not fired by program_id alone: deleting a program sets it null and changes no price.
create trigger order_items_refresh_totals
  after insert or delete or update of order_id, quantity, unit_price, currency on public.order_items
  for each row execute function private.refresh_order_totals();

-- Privileges: no anon access at all; signed-in users may read (RLS keeps it to staff) and may
-- update the status column only, so totals, rates and customer details cannot be edited.
revoke all on table public.orders, public.order_items from anon, authenticated;
grant select on table public.orders, public.order_items to authenticated;
grant update (status) on table public.orders to authenticated;

create policy orders_select_staff on public.orders
  for select to authenticated
  using ((select private.is_staff()));
create policy orders_update_staff on public.orders
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));

create policy order_items_select_staff on public.order_items
  for select to authenticated
  using ((select private.is_staff()));
