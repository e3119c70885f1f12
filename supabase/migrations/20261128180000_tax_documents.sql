-- Tax invoices and credit notes (issue 29), issued by the database itself when an order is paid or
-- a paid order is cancelled, so that no writer (staff, the M-Pesa callback, a script) can pay an
-- order without its invoice or number one twice.
--
--  * The buyer: orders carry the buyer's KRA PIN and address (the organisation's name is
--    orders.organisation); finance corrects them with set_order_buyer until the invoice exists.
--  * Each order line keeps the tax class its program had when ordered (order_items.tax_class).
--  * Numbering: one series per kind (INV-000001, CRN-000001), a counter row taken in the paying
--    transaction: a rolled-back payment rolls its number back too, so the series has no gaps and
--    no duplicates (concurrent payments wait on the row lock for a moment).
--  * Amounts: in KES, the law's reporting currency, with the order's currency, total and rate kept
--    for USD orders. The order's KES total is shared between its lines to the cent (largest
--    remainder), so the invoice adds up to exactly the order's total; each line's VAT is the part
--    of its VAT-inclusive amount the rate accounts for, rounded half away from zero per line, and
--    the totals are the sums of the lines (domain/vat.ts's rule, docs/etims.md; a test holds the
--    two to each other).
--  * eTIMS: each document waits in the etims_* columns (awaiting, registered, failed) for the
--    submission worker, like the mail outbox.
--  * Paid orders could not be cancelled before; now finance may cancel one (a refund), which
--    issues the credit note for the whole invoice.

-- The buyer ------------------------------------------------------------------------------------

alter table public.orders
  add column buyer_kra_pin text,
  add column buyer_address text,
  -- domain/kra-pin.ts's KRA_PIN_PATTERN.
  add constraint orders_buyer_kra_pin_format check (buyer_kra_pin is null or buyer_kra_pin ~ '^[A-Z][0-9]{9}[A-Z]$'),
  add constraint orders_buyer_address_length check (
    buyer_address is null or char_length(btrim(buyer_address)) between 1 and 300
  );

comment on column public.orders.buyer_kra_pin is 'The buyer''s KRA PIN for the tax invoice (a letter, nine digits, a letter).';
comment on column public.orders.buyer_address is 'The buyer''s postal or physical address for the tax invoice.';

-- The tax class of each line, as its program had it when ordered ------------------------------

alter table public.order_items add column tax_class text references public.tax_classes (id);

update public.order_items i
   set tax_class = coalesce((select p.tax_class from public.training_programs p where p.id = i.program_id),
                            private.default_tax_class());

-- The default only spares writers the column: the trigger below always sets the program's class.
alter table public.order_items
  alter column tax_class set default private.default_tax_class(),
  alter column tax_class set not null;

comment on column public.order_items.tax_class is 'The VAT class of the line, copied from its program when ordered.';

create or replace function private.snapshot_order_item_tax_class()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.tax_class := coalesce(
    (select p.tax_class from public.training_programs p where p.id = new.program_id),
    private.default_tax_class()
  );
  return new;
end;
$$;

revoke all on function private.snapshot_order_item_tax_class() from public;

create trigger order_items_snapshot_tax_class
  before insert on public.order_items
  for each row execute function private.snapshot_order_item_tax_class();

-- The documents --------------------------------------------------------------------------------

create table private.tax_document_series (
  kind text primary key,
  prefix text not null unique,
  last_number integer not null default 0,
  constraint tax_document_series_kind_known check (kind in ('tax_invoice', 'credit_note')),
  constraint tax_document_series_number_range check (last_number between 0 and 999999999)
);

insert into private.tax_document_series (kind, prefix) values ('tax_invoice', 'INV'), ('credit_note', 'CRN');

create table public.tax_documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  number integer not null,
  document_number text not null unique,
  order_id uuid not null references public.orders (id) on delete restrict,
  -- A credit note names the invoice it credits.
  credited_document_id uuid references public.tax_documents (id) on delete restrict,
  reason text,
  issued_at timestamptz not null default now(),
  -- What was paid, in the order's currency and at its rate (negative on a credit note).
  currency text not null,
  kes_per_usd numeric(10, 4) not null,
  total numeric(12, 2) not null,
  -- KES, the reporting currency: VAT-inclusive amount, the VAT inside it, and the net part.
  gross_kes numeric(14, 2) not null,
  vat_kes numeric(14, 2) not null,
  net_kes numeric(14, 2) not null,
  -- The buyer as the document names them.
  buyer_name text not null,
  buyer_email text not null,
  buyer_organisation text,
  buyer_kra_pin text,
  buyer_address text,
  -- Registration with KRA's eTIMS (the submission worker's queue).
  etims_status text not null default 'awaiting',
  etims_attempts integer not null default 0,
  etims_next_attempt_at timestamptz not null default now(),
  etims_last_error text,
  etims_registered_at timestamptz,
  -- The control unit's answer: its invoice number, signatures, internal data, the QR's URL.
  etims_receipt jsonb,
  constraint tax_documents_kind_known check (kind in ('tax_invoice', 'credit_note')),
  constraint tax_documents_kind_number_key unique (kind, number),
  constraint tax_documents_credit_names_invoice check ((kind = 'credit_note') = (credited_document_id is not null)),
  constraint tax_documents_sign check (
    (kind = 'tax_invoice' and total >= 0 and gross_kes >= 0)
    or (kind = 'credit_note' and total <= 0 and gross_kes <= 0)
  ),
  constraint tax_documents_parts_add_up check (gross_kes = vat_kes + net_kes),
  constraint tax_documents_currency_known check (currency in ('USD', 'KES')),
  constraint tax_documents_etims_status_known check (etims_status in ('awaiting', 'registered', 'failed')),
  constraint tax_documents_registered_has_receipt check ((etims_status = 'registered') = (etims_receipt is not null))
);

comment on table public.tax_documents is
  'Tax invoices and credit notes, numbered without gaps per kind and issued by the database when an order is paid or a paid order cancelled; finance reads them.';

-- One invoice per order; one credit note per invoice (a paid order is cancelled whole).
create unique index tax_documents_one_invoice_per_order on public.tax_documents (order_id) where kind = 'tax_invoice';
create unique index tax_documents_one_credit_per_invoice on public.tax_documents (credited_document_id)
  where kind = 'credit_note';
-- The submission worker's queue and the finance list.
create index tax_documents_etims_due_idx on public.tax_documents (etims_next_attempt_at) where etims_status = 'awaiting';
create index tax_documents_issued_at_idx on public.tax_documents (issued_at desc);

create table public.tax_document_lines (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.tax_documents (id) on delete cascade,
  position smallint not null,
  title text not null,
  quantity integer not null,
  -- The VAT-inclusive unit price as ordered, in the line's currency.
  unit_price numeric(12, 2) not null,
  currency text not null,
  tax_class text not null references public.tax_classes (id),
  -- The rate when issued: a later change of the law does not rewrite a document.
  rate_basis_points integer not null,
  gross_kes numeric(14, 2) not null,
  vat_kes numeric(14, 2) not null,
  net_kes numeric(14, 2) not null,
  constraint tax_document_lines_position_key unique (document_id, position),
  constraint tax_document_lines_parts_add_up check (gross_kes = vat_kes + net_kes)
);

comment on table public.tax_document_lines is 'The lines of a tax invoice or credit note, with their VAT class, rate and KES amounts.';

-- The arithmetic ---------------------------------------------------------------------------------

-- domain/vat.ts's splitInclusiveCents: the VAT inside a VAT-inclusive amount in cents, rounded
-- half away from zero, in exact integer arithmetic.
create or replace function private.vat_inside_cents(gross_cents bigint, rate_basis_points integer)
returns bigint
language sql
immutable
strict
set search_path = ''
as $$
  select case when rate_basis_points = 0 then 0::bigint
              else sign(gross_cents)::bigint
                   * ((2 * abs(gross_cents) * rate_basis_points + 10000 + rate_basis_points)
                      / (2 * (10000 + rate_basis_points::bigint))) end;
$$;

revoke all on function private.vat_inside_cents(bigint, integer) from public;

-- Writes the lines of a document for an order (sign 1: invoice; -1: credit note) and returns the
-- KES total, VAT and net. The order's KES total is shared between the lines by largest remainder.
create or replace function private.write_tax_document_lines(document uuid, target_order uuid, direction integer)
returns table (gross_kes numeric, vat_kes numeric, net_kes numeric)
language sql
volatile
set search_path = ''
as $$
  with lines as (
    select i.position, i.title, i.quantity, i.unit_price, i.currency, i.tax_class, c.rate_basis_points,
           (case when i.currency = 'KES' then i.unit_price * i.quantity
                 else i.unit_price * i.quantity * o.kes_per_usd end) * 100 as exact_cents,
           round(o.total_kes * 100)::bigint as order_cents
      from public.order_items i
      join public.orders o on o.id = i.order_id
      join public.tax_classes c on c.id = i.tax_class
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
                                           rate_basis_points, gross_kes, vat_kes, net_kes)
    select document, s.position, s.title, s.quantity, s.unit_price, s.currency, s.tax_class, s.rate_basis_points,
           direction * s.gross_cents / 100.0, s.vat_cents / 100.0, (direction * s.gross_cents - s.vat_cents) / 100.0
      from split s
    returning tax_document_lines.gross_kes, tax_document_lines.vat_kes, tax_document_lines.net_kes
  )
  select coalesce(sum(w.gross_kes), 0), coalesce(sum(w.vat_kes), 0), coalesce(sum(w.net_kes), 0) from written w;
$$;

revoke all on function private.write_tax_document_lines(uuid, uuid, integer) from public;

-- The next number of a series, in the caller's transaction (gap-free: see the header).
create or replace function private.next_tax_document_number(document_kind text, out number integer, out document_number text)
language sql
volatile
set search_path = ''
as $$
  update private.tax_document_series s
     set last_number = s.last_number + 1
   where s.kind = document_kind
  returning s.last_number, s.prefix || '-' || lpad(s.last_number::text, 6, '0');
$$;

revoke all on function private.next_tax_document_number(text) from public;

-- Issues a document for an order (kind tax_invoice, or credit_note for `credited`).
create or replace function private.issue_tax_document(target_order uuid, document_kind text, credited uuid, why text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.orders;
  numbered record;
  document uuid;
  direction integer := case when document_kind = 'credit_note' then -1 else 1 end;
  sums record;
begin
  select * into o from public.orders where id = target_order;
  select * into numbered from private.next_tax_document_number(document_kind);
  insert into public.tax_documents (kind, number, document_number, order_id, credited_document_id, reason, currency,
                                    kes_per_usd, total, gross_kes, vat_kes, net_kes, buyer_name, buyer_email,
                                    buyer_organisation, buyer_kra_pin, buyer_address)
  values (document_kind, numbered.number, numbered.document_number, o.id, credited, why, o.currency, o.kes_per_usd,
          direction * case when o.currency = 'KES' then o.total_kes else o.total_usd end, 0, 0, 0,
          o.customer_name, o.customer_email, o.organisation, o.buyer_kra_pin, o.buyer_address)
  returning id into document;
  select * into sums from private.write_tax_document_lines(document, o.id, direction);
  update public.tax_documents d
     set gross_kes = sums.gross_kes, vat_kes = sums.vat_kes, net_kes = sums.net_kes
   where d.id = document;
  return document;
end;
$$;

revoke all on function private.issue_tax_document(uuid, text, uuid, text) from public;

-- Payment issues the invoice; cancelling a paid order credits it.
create or replace function private.issue_tax_documents_on_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  invoice uuid;
begin
  if new.status = 'paid' and old.status <> 'paid' then
    perform private.issue_tax_document(new.id, 'tax_invoice', null, null);
  elsif old.status = 'paid' and new.status = 'cancelled' then
    select d.id into invoice from public.tax_documents d where d.order_id = new.id and d.kind = 'tax_invoice';
    if invoice is not null then
      perform private.issue_tax_document(new.id, 'credit_note', invoice, 'The paid order was cancelled.');
    end if;
  end if;
  return null;
end;
$$;

revoke all on function private.issue_tax_documents_on_status() from public;

create trigger orders_issue_tax_documents
  after update of status on public.orders
  for each row execute function private.issue_tax_documents_on_status();

-- The order's buyer is what the invoice names: fixed once it is issued.
create or replace function private.keep_invoiced_buyer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.customer_name, new.customer_email, new.organisation, new.buyer_kra_pin, new.buyer_address)
       is distinct from (old.customer_name, old.customer_email, old.organisation, old.buyer_kra_pin, old.buyer_address)
     and exists (select 1 from public.tax_documents d where d.order_id = new.id and d.kind = 'tax_invoice') then
    perform private.refuse('buyer_kra_pin', 'invoice_issued',
      'The tax invoice is issued: the buyer on it can only change through a credit note and a new order.');
  end if;
  return new;
end;
$$;

revoke all on function private.keep_invoiced_buyer() from public;

create trigger orders_keep_invoiced_buyer
  before update on public.orders
  for each row execute function private.keep_invoiced_buyer();

-- Finance corrects the buyer before the invoice is issued.
create or replace function public.set_order_buyer(order_id uuid, organisation text, kra_pin text, address text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
  pin text := nullif(upper(regexp_replace(coalesce(kra_pin, ''), '\s+', '', 'g')), '');
begin
  perform private.require_staff_role('finance');
  target_order := private.lock_order(order_id);
  if pin is not null and pin !~ '^[A-Z][0-9]{9}[A-Z]$' then
    perform private.refuse('kra_pin', 'invalid_kra_pin', 'A KRA PIN is a letter, nine digits and a letter, for example P051234567X.');
  end if;
  update public.orders o
     set organisation = nullif(btrim(coalesce(set_order_buyer.organisation, '')), ''),
         buyer_kra_pin = pin,
         buyer_address = nullif(btrim(coalesce(set_order_buyer.address, '')), '')
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

comment on function public.set_order_buyer(uuid, text, text, text) is
  'Finance: the organisation, KRA PIN and address the tax invoice will name; refused once it is issued.';
revoke all on function public.set_order_buyer(uuid, text, text, text) from public, anon;
grant execute on function public.set_order_buyer(uuid, text, text, text) to authenticated;

-- Paid orders may now be cancelled (a refund, with its credit note), and every payment sets
-- paid_at; the rest as before (latest definition from 20261127100000_seat_holds.sql).
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
          or (old.status = 'confirmed' and new.status in ('paid', 'cancelled'))
          or (old.status = 'paid' and new.status = 'cancelled')) then
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
  -- Every payment has its time, not only M-Pesa's (the refund mail and the documents read it).
  if new.status = 'paid' then
    new.paid_at := coalesce(new.paid_at, now());
  end if;
  if new.status = 'expired' then
    new.expired_at := now();
  end if;
  return new;
end;
$$;

-- Who reads them ---------------------------------------------------------------------------------

create trigger tax_documents_audit
  after insert or update or delete on public.tax_documents
  for each row execute function private.audit_row_change();
create trigger tax_document_lines_audit
  after insert or update or delete on public.tax_document_lines
  for each row execute function private.audit_row_change();

alter table public.tax_documents enable row level security;
alter table public.tax_document_lines enable row level security;
revoke all on table public.tax_documents, public.tax_document_lines from anon, authenticated;
-- Documents are written by the database only; staff read them. The submission worker (the
-- service role, which keeps its default grants as on every table) records eTIMS's answer.
grant select on table public.tax_documents, public.tax_document_lines to authenticated;

create policy tax_documents_select_staff on public.tax_documents
  for select to authenticated
  using ((select private.staff_may('tax_documents', false)));
create policy tax_document_lines_select_staff on public.tax_document_lines
  for select to authenticated
  using ((select private.staff_may('tax_document_lines', false)));

insert into private.staff_access (relation, role, may_write) values
  ('tax_documents', 'finance', false),
  ('tax_document_lines', 'finance', false);
