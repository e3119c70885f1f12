-- M-Pesa Express (STK push) payments. Each push is a row in public.mpesa_payment_attempts,
-- written by the server functions (service role) through the functions below, never by a
-- visitor. The flow:
--   begin_mpesa_attempt   row 'requesting' (before Daraja is called; at most one open per order)
--   record_mpesa_push     'pending' with Daraja's MerchantRequestID and CheckoutRequestID
--   fail_mpesa_push       'failed' when Daraja refused the push itself
--   settle_mpesa_attempt  'succeeded' or 'failed' from the callback (confirmed by an STK query)
--                         or from the reconciliation job; a success marks the order paid,
--                         stores the receipt and queues the receipt e-mail in the same transaction.
-- Only a pending attempt can be settled, so a replayed callback changes nothing.

alter table public.orders
  add column mpesa_receipt text,
  add column paid_at timestamptz,
  add constraint orders_mpesa_receipt_format check (mpesa_receipt is null or mpesa_receipt ~ '^[A-Z0-9]{10}$');

comment on column public.orders.mpesa_receipt is 'M-Pesa receipt number of the STK push that paid the order (null when paid otherwise, or when only the STK query confirmed it).';

create table public.mpesa_payment_attempts (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- 2547XXXXXXXX / 2541XXXXXXXX, as Daraja takes it.
  phone text not null,
  -- Whole shillings asked for (the order's KES total rounded up).
  amount integer not null,
  merchant_request_id text,
  checkout_request_id text,
  status text not null default 'requesting',
  result_code integer,
  result_desc text,
  receipt text,
  -- What settled it: the callback, the STK query (reconciliation or staff) or Daraja's refusal.
  settled_by text,
  requested_at timestamptz not null default now(),
  settled_at timestamptz,
  constraint mpesa_payment_attempts_phone_format check (phone ~ '^254[17][0-9]{8}$'),
  constraint mpesa_payment_attempts_amount_positive check (amount >= 1),
  constraint mpesa_payment_attempts_status_known check (status in ('requesting', 'pending', 'succeeded', 'failed')),
  constraint mpesa_payment_attempts_settled_by_known check (settled_by is null or settled_by in ('callback', 'query', 'push_refused', 'no_answer')),
  constraint mpesa_payment_attempts_receipt_format check (receipt is null or receipt ~ '^[A-Z0-9]{10}$'),
  constraint mpesa_payment_attempts_pending_has_ids check (status <> 'pending' or checkout_request_id is not null),
  constraint mpesa_payment_attempts_checkout_request_id_key unique (checkout_request_id),
  constraint mpesa_payment_attempts_merchant_request_id_key unique (merchant_request_id)
);

comment on table public.mpesa_payment_attempts is 'STK pushes of an order and their outcome. Written by the M-Pesa server functions; staff read.';

alter table public.mpesa_payment_attempts enable row level security;

-- Never two pushes open for one order at once.
create unique index mpesa_payment_attempts_one_open_per_order
  on public.mpesa_payment_attempts (order_id) where status in ('requesting', 'pending');
create index mpesa_payment_attempts_order_id_idx on public.mpesa_payment_attempts (order_id, requested_at desc);
-- Reconciliation scans open attempts by age.
create index mpesa_payment_attempts_open_idx
  on public.mpesa_payment_attempts (requested_at) where status in ('requesting', 'pending');

-- Visitors: nothing (their page reads get_mpesa_payment by token). Staff: read.
revoke all on table public.mpesa_payment_attempts from anon, authenticated;
grant select on table public.mpesa_payment_attempts to authenticated;

create policy mpesa_payment_attempts_select_staff on public.mpesa_payment_attempts
  for select to authenticated
  using ((select private.is_staff()));

-- The receipt e-mail goes through the outbox like every order e-mail.
alter table public.mail_outbox drop constraint mail_outbox_kind_known;
alter table public.mail_outbox add constraint mail_outbox_kind_known
  check (kind in ('order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt'));

-- Functions (service role only) ------------------------------------------------------------------

-- (Replaced by the admin workflow, order_workflow.sql: it takes the order through confirmed.)
-- Marks an order paid by a confirmed STK push; false when it no longer awaits payment. The one
-- place that knows how an order becomes paid, so a stricter order workflow changes only this.
create or replace function private.mark_order_paid_by_mpesa(target uuid, receipt text)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update public.orders
     set status = 'paid', mpesa_receipt = receipt, paid_at = now()
   where id = target and status = 'pending';
  return found;
end;
$$;

revoke all on function private.mark_order_paid_by_mpesa(uuid, text) from public;

-- Opens an attempt for a pending M-Pesa order. Refusals carry a reason in the hint (P0001):
-- order_not_payable, push_in_progress, too_many_attempts (10 an hour per order).
create or replace function public.begin_mpesa_attempt(target_order uuid, phone text, amount integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
  attempt uuid;
begin
  select o.id, o.status, o.payment_method into target from public.orders o where o.id = target_order for update;
  -- 'confirmed' (staff confirmed the booking, payment still due) is the admin workflow's; harmless before it.
  if not found or target.status not in ('pending', 'confirmed') or target.payment_method <> 'mpesa' then
    raise exception 'This order cannot be paid by M-Pesa now.' using errcode = 'P0001', hint = 'order_not_payable';
  end if;
  if exists (select 1 from public.mpesa_payment_attempts a
              where a.order_id = target_order and a.status in ('requesting', 'pending')) then
    raise exception 'A payment request is already waiting on your phone.' using errcode = 'P0001', hint = 'push_in_progress';
  end if;
  -- Anyone holding the order's link can ask for pushes: cap them so a phone cannot be flooded.
  if (select count(*) from public.mpesa_payment_attempts a
       where a.order_id = target_order and a.requested_at > now() - interval '1 hour') >= 10 then
    raise exception 'Too many payment requests for this order. Please try again later.' using errcode = 'P0001', hint = 'too_many_attempts';
  end if;
  insert into public.mpesa_payment_attempts (order_id, phone, amount)
  values (target_order, begin_mpesa_attempt.phone, begin_mpesa_attempt.amount)
  returning id into attempt;
  return attempt;
end;
$$;

-- Daraja accepted the push: the attempt waits for the customer's answer.
create or replace function public.record_mpesa_push(attempt uuid, merchant_request_id text, checkout_request_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.mpesa_payment_attempts a
     set status = 'pending', merchant_request_id = record_mpesa_push.merchant_request_id,
         checkout_request_id = record_mpesa_push.checkout_request_id
   where a.id = attempt and a.status = 'requesting';
$$;

-- Daraja refused the push (or never answered): the attempt is closed, a new one may start.
create or replace function public.fail_mpesa_push(attempt uuid, reason text, how text default 'push_refused')
returns void
language sql
security definer
set search_path = ''
as $$
  update public.mpesa_payment_attempts a
     set status = 'failed', result_desc = left(reason, 500), settled_by = how, settled_at = now()
   where a.id = attempt and a.status = 'requesting';
$$;

-- Settles a pending attempt by its CheckoutRequestID. Answers what happened:
--   'paid'        success: attempt succeeded, order paid with the receipt, receipt e-mail queued
--   'failed'      a failure code was recorded; the order stays pending
--   'not_pending' no pending attempt has this id (unknown, or already settled: a replay)
--   'wrong_amount' a success for another amount than was asked: nothing changes
create or replace function public.settle_mpesa_attempt(
  checkout_request_id text,
  result_code integer,
  result_desc text,
  paid_amount numeric,
  settled_by text,
  -- Null when only the STK query confirmed the payment (the query does not report it).
  receipt text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempt record;
begin
  select a.id, a.order_id, a.amount into attempt
    from public.mpesa_payment_attempts a
   where a.checkout_request_id = settle_mpesa_attempt.checkout_request_id and a.status = 'pending'
   for update;
  if not found then
    return 'not_pending';
  end if;
  if result_code <> 0 then
    update public.mpesa_payment_attempts
       set status = 'failed', result_code = settle_mpesa_attempt.result_code,
           result_desc = left(settle_mpesa_attempt.result_desc, 500),
           settled_by = settle_mpesa_attempt.settled_by, settled_at = now()
     where id = attempt.id;
    return 'failed';
  end if;
  if paid_amount is distinct from attempt.amount then
    return 'wrong_amount';
  end if;
  update public.mpesa_payment_attempts
     set status = 'succeeded', result_code = 0, result_desc = left(settle_mpesa_attempt.result_desc, 500),
         receipt = settle_mpesa_attempt.receipt, settled_by = settle_mpesa_attempt.settled_by, settled_at = now()
   where id = attempt.id;
  if private.mark_order_paid_by_mpesa(attempt.order_id, settle_mpesa_attempt.receipt) then
    insert into public.mail_outbox (kind, order_id, recipient)
    select 'mpesa_receipt', o.id, o.customer_email from public.orders o where o.id = attempt.order_id;
  end if;
  return 'paid';
end;
$$;

-- What the confirmation page shows, by the order's token: the order's state and its latest
-- attempt (phone masked). Null for an unknown token.
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

comment on function public.get_mpesa_payment(text) is 'The M-Pesa payment state of the order with this confirmation token, or null: polled by the confirmation page.';

-- Staff: an order's attempts with the phone masked (the admin's order page).
create or replace function public.staff_mpesa_attempts(target_order uuid)
returns table (
  id uuid, requested_at timestamptz, phone text, amount integer, status text,
  result_code integer, result_desc text, receipt text, settled_by text, settled_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select a.id, a.requested_at, left(a.phone, 4) || '****' || right(a.phone, 4), a.amount, a.status,
         a.result_code, a.result_desc, a.receipt, a.settled_by, a.settled_at
    from public.mpesa_payment_attempts a
   where a.order_id = target_order
   order by a.requested_at desc;
$$;

comment on function public.staff_mpesa_attempts(uuid) is 'Staff (RLS decides): the M-Pesa attempts of an order, newest first, phone masked.';

-- The mail worker's view of an order gains the payment's receipt.
create or replace function public.order_document(order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.order_json(o.id)
         || jsonb_build_object('id', o.id, 'token', o.confirmation_token,
                               'mpesa_receipt', o.mpesa_receipt, 'paid_at', o.paid_at)
    from public.orders o where o.id = order_id;
$$;

revoke all on function public.begin_mpesa_attempt(uuid, text, integer) from public, anon, authenticated;
revoke all on function public.record_mpesa_push(uuid, text, text) from public, anon, authenticated;
revoke all on function public.fail_mpesa_push(uuid, text, text) from public, anon, authenticated;
revoke all on function public.settle_mpesa_attempt(text, integer, text, numeric, text, text) from public, anon, authenticated;
revoke all on function public.get_mpesa_payment(text) from public;
revoke all on function public.staff_mpesa_attempts(uuid) from public, anon;
grant execute on function public.begin_mpesa_attempt(uuid, text, integer) to service_role;
grant execute on function public.record_mpesa_push(uuid, text, text) to service_role;
grant execute on function public.fail_mpesa_push(uuid, text, text) to service_role;
grant execute on function public.settle_mpesa_attempt(text, integer, text, numeric, text, text) to service_role;
grant execute on function public.get_mpesa_payment(text) to anon, authenticated, service_role;
grant execute on function public.staff_mpesa_attempts(uuid) to authenticated, service_role;
