-- A receipt for each payment (issue 29, item 3): every confirmed payment of an order gets its own
-- numbered receipt (RCT-000001), issued by the database in the transaction that confirms the
-- payment, e-mailed with its PDF through the outbox, downloadable by the customer (the order's
-- confirmation token; listed in their account) and by finance. A receipt acknowledges money received; it is not a tax
-- document and is not registered with eTIMS (the tax invoice is).
--
--  * The payments: an M-Pesa Express (STK push) attempt that succeeded (one receipt per attempt,
--    even one that lands on an order already paid otherwise: the money was received), and the
--    order's own payment when it becomes paid without one: the customer's Paybill code that staff
--    verified, or the reference finance recorded (bank transfer or M-Pesa). Unique constraints on
--    the attempt and on the order's own payment make a retried or replayed confirmation issue none.
--  * Numbering: the tax documents' series table and function (private.next_tax_document_number),
--    a 'payment_receipt' series: the number is taken in the paying transaction, so the series has
--    no gaps and no duplicates. Lock order: the receipt's series before the invoice's, everywhere
--    (the attempt's trigger runs before the order turns paid; on the order, the receipt's trigger
--    is named to fire before the invoice's), so concurrent payments cannot deadlock.
--  * Amounts: in the payment's currency (M-Pesa: KES; a bank transfer: the order's currency), with
--    the KES amount and the order's rate for USD, and the balance left on the order after it.

-- The series ----------------------------------------------------------------------------------------

-- Latest list: 20261128180100_etims_submission.sql, with payment_receipt.
alter table private.tax_document_series
  drop constraint tax_document_series_kind_known,
  add constraint tax_document_series_kind_known check (kind in ('tax_invoice', 'credit_note', 'etims', 'payment_receipt'));

insert into private.tax_document_series (kind, prefix) values ('payment_receipt', 'RCT');

-- The receipts ---------------------------------------------------------------------------------------

create table public.payment_receipts (
  id uuid primary key default gen_random_uuid(),
  number integer not null unique,
  document_number text not null unique,
  order_id uuid not null references public.orders (id) on delete restrict,
  -- The payment: an STK push's attempt, or (null) the order's own payment.
  mpesa_attempt_id uuid unique references public.mpesa_payment_attempts (id) on delete restrict,
  method text not null,
  -- M-Pesa's receipt number, the verified Paybill code or finance's reference (null when the STK
  -- query confirmed a push without reporting its receipt).
  reference text,
  paid_at timestamptz not null,
  issued_at timestamptz not null default now(),
  currency text not null,
  kes_per_usd numeric(10, 4) not null,
  amount numeric(12, 2) not null,
  amount_kes numeric(14, 2) not null,
  -- What the order still owed after this payment (never below zero: M-Pesa rounds up to the shilling).
  balance numeric(12, 2) not null,
  balance_kes numeric(14, 2) not null,
  payer_name text not null,
  payer_email text not null,
  payer_organisation text,
  -- The phone an STK push was sent to.
  payer_phone text,
  constraint payment_receipts_method_known check (method in ('mpesa_stk', 'mpesa_paybill', 'mpesa_recorded', 'bank')),
  constraint payment_receipts_stk_has_attempt check ((method = 'mpesa_stk') = (mpesa_attempt_id is not null)),
  constraint payment_receipts_currency_known check (currency in ('USD', 'KES')),
  constraint payment_receipts_amount_positive check (amount > 0 and amount_kes > 0),
  constraint payment_receipts_balance_not_negative check (balance >= 0 and balance_kes >= 0)
);

comment on table public.payment_receipts is
  'A receipt for each confirmed payment of an order, numbered without gaps (RCT-) and issued by the database; not a tax document (no eTIMS). Finance reads them.';

-- The order's own payment (Paybill code or finance's record) is one: a receipt at most.
create unique index payment_receipts_one_order_payment on public.payment_receipts (order_id)
  where mpesa_attempt_id is null;
create index payment_receipts_order_idx on public.payment_receipts (order_id, issued_at);
create index payment_receipts_issued_at_idx on public.payment_receipts (issued_at desc);

create trigger payment_receipts_audit
  after insert or update or delete on public.payment_receipts
  for each row execute function private.audit_row_change();

alter table public.payment_receipts enable row level security;
revoke all on table public.payment_receipts from anon, authenticated;
-- Written by the database only; finance (and admin) read them.
grant select on table public.payment_receipts to authenticated;

create policy payment_receipts_select_staff on public.payment_receipts
  for select to authenticated
  using ((select private.staff_may('payment_receipts', false)));

insert into private.staff_access (relation, role, may_write) values ('payment_receipts', 'finance', false);

-- A signed-in customer reads the receipts of their own orders (their account's order list), as
-- their order's lines (20261128190100_customer_reads.sql).
create policy payment_receipts_select_customer on public.payment_receipts
  for select to authenticated
  using ((select private.session_email()) is not null and private.customer_owns_order(order_id));

-- The mail ------------------------------------------------------------------------------------------

alter table public.mail_outbox
  add column payment_receipt_id uuid references public.payment_receipts (id) on delete cascade;

comment on column public.mail_outbox.payment_receipt_id is 'The receipt a payment_receipt mail sends.';

-- Latest list: 20261129100100_mail_outbox_kinds_combined.sql, with payment_receipt.
alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued', 'data_erasure_completed', 'tax_document_registered',
    'newsletter_campaign', 'newsletter_campaign_test', 'payment_receipt'));

create unique index mail_outbox_payment_receipt_key on public.mail_outbox (payment_receipt_id)
  where kind = 'payment_receipt';

-- Issuing ---------------------------------------------------------------------------------------------

-- Issues the receipt of one payment (attempt null: the order's own payment) of paid_amount in
-- paid_currency (paid_kes in shillings) and queues its mail; answers the existing receipt when
-- that payment has one already.
create or replace function private.issue_payment_receipt(
  target_order uuid,
  attempt uuid,
  payment_method text,
  payment_reference text,
  paid_currency text,
  paid_amount numeric,
  paid_kes numeric,
  phone text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.orders;
  existing uuid;
  numbered record;
  receipt uuid;
  owed_kes numeric;
begin
  -- One payment at a time per order: its receipts' balances follow each other.
  select * into o from public.orders where id = target_order for update;
  select r.id into existing from public.payment_receipts r
   where r.order_id = target_order
     and (r.mpesa_attempt_id = attempt or (attempt is null and r.mpesa_attempt_id is null));
  if existing is not null then
    return existing;
  end if;
  owed_kes := greatest(0, o.total_kes - paid_kes
                          - coalesce((select sum(r.amount_kes) from public.payment_receipts r where r.order_id = o.id), 0));
  select * into numbered from private.next_tax_document_number('payment_receipt');
  insert into public.payment_receipts (number, document_number, order_id, mpesa_attempt_id, method, reference, paid_at,
                                       currency, kes_per_usd, amount, amount_kes, balance, balance_kes, payer_name,
                                       payer_email, payer_organisation, payer_phone)
  values (numbered.number, numbered.document_number, o.id, attempt, payment_method, payment_reference,
          coalesce(o.paid_at, now()), paid_currency, o.kes_per_usd, paid_amount, paid_kes,
          case when paid_currency = 'KES' then owed_kes
               -- USD: the order's USD total less the USD paid so far, at the order's rate for KES payments.
               else greatest(0, round(owed_kes / o.kes_per_usd, 2)) end,
          owed_kes, o.customer_name, o.customer_email, o.organisation, phone)
  returning id into receipt;
  insert into public.mail_outbox (kind, payment_receipt_id, recipient)
  values ('payment_receipt', receipt, o.customer_email);
  return receipt;
end;
$$;

revoke all on function private.issue_payment_receipt(uuid, uuid, text, text, text, numeric, numeric, text) from public;

-- An STK push that succeeded is a payment (settle_mpesa_attempt settles an attempt once).
create or replace function private.issue_stk_payment_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.issue_payment_receipt(new.order_id, new.id, 'mpesa_stk', new.receipt, 'KES', new.amount, new.amount, new.phone);
  return null;
end;
$$;

revoke all on function private.issue_stk_payment_receipt() from public;

create trigger mpesa_payment_attempts_issue_receipt
  after update of status on public.mpesa_payment_attempts
  for each row
  when (new.status = 'succeeded' and old.status is distinct from 'succeeded')
  execute function private.issue_stk_payment_receipt();

-- An order turning paid without a successful STK push was paid by its verified Paybill code or a
-- payment finance recorded: that payment's receipt, for the order's total.
create or replace function private.issue_order_payment_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  method text;
  paid_currency text;
begin
  if exists (select 1 from public.mpesa_payment_attempts a where a.order_id = new.id and a.status = 'succeeded') then
    return null;
  end if;
  method := case when new.payment_reference_method = 'bank' then 'bank'
                 when new.payment_reference is not null then 'mpesa_recorded'
                 else 'mpesa_paybill' end;
  -- M-Pesa is paid in shillings; a bank transfer in the order's currency.
  paid_currency := case when method = 'bank' then new.currency else 'KES' end;
  perform private.issue_payment_receipt(
    new.id, null, method, coalesce(new.payment_reference, new.mpesa_code), paid_currency,
    case when paid_currency = 'KES' then new.total_kes else new.total_usd end, new.total_kes, null);
  return null;
end;
$$;

revoke all on function private.issue_order_payment_receipt() from public;

-- Named to fire before orders_issue_tax_documents (triggers fire by name): the receipt's series
-- is locked before the invoice's, as on the STK path.
create trigger orders_issue_payment_receipt
  after update of status on public.orders
  for each row
  when (new.status = 'paid' and old.status is distinct from 'paid')
  execute function private.issue_order_payment_receipt();

-- Reading ----------------------------------------------------------------------------------------------

create or replace function private.payment_receipt_json(receipt uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'id', r.id,
           'document_number', r.document_number,
           'issued_at', r.issued_at,
           'paid_at', r.paid_at,
           'order_reference', o.reference,
           'order_currency', o.currency,
           'order_total', case when o.currency = 'KES' then o.total_kes else o.total_usd end,
           'method', r.method,
           'reference', r.reference,
           'currency', r.currency,
           'kes_per_usd', r.kes_per_usd,
           'amount', r.amount,
           'amount_kes', r.amount_kes,
           'balance', r.balance,
           'balance_kes', r.balance_kes,
           'payer_name', r.payer_name,
           'payer_email', r.payer_email,
           'payer_organisation', r.payer_organisation,
           'payer_phone', r.payer_phone
         )
    from public.payment_receipts r
    join public.orders o on o.id = r.order_id
   where r.id = receipt;
$$;

revoke all on function private.payment_receipt_json(uuid) from public;

-- One receipt for its PDF: by the order's confirmation token (as tax_document_for_pdf), or (no
-- token) as finance staff; null to anyone else.
create or replace function public.payment_receipt_for_pdf(receipt uuid, token text default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.payment_receipt_json(r.id)
    from public.payment_receipts r
    join public.orders o on o.id = r.order_id
   where r.id = receipt
     and case when token is null then (select private.staff_may('payment_receipts', false))
              else o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$' end;
$$;

comment on function public.payment_receipt_for_pdf(uuid, text) is
  'A payment receipt for its PDF: by the order''s confirmation token, or as finance staff; otherwise null.';
revoke all on function public.payment_receipt_for_pdf(uuid, text) from public;
grant execute on function public.payment_receipt_for_pdf(uuid, text) to anon, authenticated, service_role;

-- The order's receipts, for the links on its confirmation page.
create or replace function public.get_order_payment_receipts(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', r.id, 'document_number', r.document_number, 'issued_at', r.issued_at
         ) order by r.number), '[]'::jsonb)
    from public.payment_receipts r
    join public.orders o on o.id = r.order_id
   where o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$';
$$;

comment on function public.get_order_payment_receipts(text) is
  'The payment receipts of the order with this confirmation token (an empty list otherwise).';
revoke all on function public.get_order_payment_receipts(text) from public;
grant execute on function public.get_order_payment_receipts(text) to anon, authenticated, service_role;

-- What the mail worker renders the mail and PDF from (service role only).
create or replace function public.payment_receipt_mail_document(receipt uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.payment_receipt_json(r.id) || jsonb_build_object('order_token', o.confirmation_token)
    from public.payment_receipts r
    join public.orders o on o.id = r.order_id
   where r.id = receipt;
$$;

comment on function public.payment_receipt_mail_document(uuid) is
  'Mail worker only: a payment receipt as its e-mail and PDF print it.';
revoke all on function public.payment_receipt_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.payment_receipt_mail_document(uuid) to service_role;
