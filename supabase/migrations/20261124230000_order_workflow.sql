-- The order workflow staff run from /admin/orders: pending -> confirmed -> paid, or cancelled
-- from pending or confirmed; the payment reference (bank transfer or M-Pesa) staff record; the
-- verdict on an M-Pesa code a customer entered; resending the confirmation e-mail.
--
-- Design notes (the why):
--  * Transitions are enforced by a trigger on orders, so every writer obeys them (the staff
--    functions below, the service role, a migration, a future M-Pesa callback), not only the UI.
--    An order is marked paid only once its payment is evidenced: a recorded reference or a
--    verified M-Pesa code. Refusals raise P0001 with DETAIL = field, HINT = machine reason and a
--    sentence for the staff member, as the checkout's refusals do.
--  * Staff write orders only through the security definer functions below (the direct
--    `update (status)` grant is withdrawn): each checks private.is_staff() and answers a
--    non-staff caller with a clear 42501 instead of RLS's silent "0 rows".
--  * Cancelling frees seats with no bookkeeping: seats left are counted from non-cancelled
--    order lines (see the checkout migration). Paid and cancelled are final.
--  * Resending writes a NEW outbox row (the worker sends each row at most once); while an
--    earlier confirmation for the order is still waiting to be sent, a resend is refused, so a
--    double click never queues two.

-- Statuses and payment evidence -------------------------------------------------------------------

alter table public.orders
  drop constraint orders_status_known,
  add constraint orders_status_known check (status in ('pending', 'confirmed', 'paid', 'cancelled')),
  add column status_changed_at timestamptz,
  -- The bank transfer's or M-Pesa transaction's reference, as staff read it on the statement.
  add column payment_reference text,
  add column payment_reference_method text,
  add column payment_recorded_at timestamptz,
  -- Staff's verdict on the customer's M-Pesa code; null = not checked yet.
  add column mpesa_code_status text,
  add column mpesa_code_checked_at timestamptz,
  add constraint orders_payment_reference_method_known check (payment_reference_method in ('bank', 'mpesa')),
  add constraint orders_payment_reference_shape check (
    (payment_reference is null and payment_reference_method is null and payment_recorded_at is null)
    or (payment_reference is not null and payment_reference_method is not null and payment_recorded_at is not null
        and length(payment_reference) between 1 and 100 and payment_reference = btrim(payment_reference)
        and (payment_reference_method <> 'mpesa' or payment_reference ~ '^[A-Z0-9]{10}$'))),
  add constraint orders_mpesa_code_status_known check (
    (mpesa_code_status is null and mpesa_code_checked_at is null)
    or (mpesa_code_status in ('verified', 'rejected') and mpesa_code_checked_at is not null and mpesa_code is not null));

comment on column public.orders.payment_reference is 'Bank or M-Pesa reference of the payment, recorded by staff (record_order_payment).';
comment on column public.orders.mpesa_code_status is 'Staff verdict on the customer-entered mpesa_code: verified, rejected, or null (unchecked).';

-- Searching by e-mail or organisation in the admin list; references are already unique-indexed.
create index orders_created_at_idx on public.orders (created_at desc);

-- The transition rules, for every writer ---------------------------------------------------------

-- Security definer: it raises through private.refuse, which writers such as the service role
-- may not call themselves.
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
  if not ((old.status = 'pending' and new.status in ('confirmed', 'cancelled'))
          or (old.status = 'confirmed' and new.status in ('paid', 'cancelled'))) then
    perform private.refuse('status', 'transition_not_allowed', case
      when old.status in ('paid', 'cancelled') then format('This order is already %s: its status cannot change any more.', old.status)
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
  return new;
end;
$$;

revoke all on function private.enforce_order_workflow() from public;

create trigger orders_enforce_workflow
  before update on public.orders
  for each row execute function private.enforce_order_workflow();

-- A payment M-Pesa confirmed (mpesa_payments.sql) takes an order through both steps at once:
-- pending -> confirmed -> paid, its receipt recorded as the payment reference when Daraja sent one.
create or replace function private.mark_order_paid_by_mpesa(target uuid, receipt text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  -- Daraja's receipts are 10 capital letters and digits, the shape a recorded M-Pesa reference has.
  receipt_reference text := case when receipt ~ '^[A-Z0-9]{10}$' then receipt end;
begin
  update public.orders set status = 'confirmed' where id = target and status = 'pending';
  update public.orders
     set status = 'paid', mpesa_receipt = receipt, paid_at = now(),
         payment_reference = coalesce(payment_reference, receipt_reference),
         payment_reference_method = case when payment_reference is null and receipt_reference is not null then 'mpesa' else payment_reference_method end,
         payment_recorded_at = case when payment_reference is null and receipt_reference is not null then now() else payment_recorded_at end
   where id = target and status = 'confirmed';
  return found;
end;
$$;

revoke all on function private.mark_order_paid_by_mpesa(uuid, text) from public;

-- Staff writes go through the functions below only.
revoke update on table public.orders from authenticated;
drop policy orders_update_staff on public.orders;

-- Refuses a caller who is not staff, clearly (RLS alone would answer "0 rows").
create or replace function private.require_staff()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce(private.is_staff(), false) then
    raise exception using errcode = '42501', hint = 'not_staff',
      message = 'Only staff members can do this. Sign in with a staff account.';
  end if;
end;
$$;

revoke all on function private.require_staff() from public;

-- The order, locked for a change; refuses an unknown id.
create or replace function private.lock_order(target uuid)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  found_order public.orders;
begin
  select * into found_order from public.orders o where o.id = target for update;
  if not found then
    perform private.refuse('order_id', 'order_not_found', 'This order does not exist (any more).');
  end if;
  return found_order;
end;
$$;

revoke all on function private.lock_order(uuid) from public;

-- Staff functions ---------------------------------------------------------------------------------

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
  return target_order;
end;
$$;

comment on function public.set_order_status(uuid, text) is 'Staff: moves an order along pending -> confirmed -> paid, or to cancelled (frees its seats).';

create or replace function public.record_order_payment(order_id uuid, method text, reference text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
  cleaned text;
begin
  perform private.require_staff();
  target_order := private.lock_order(order_id);
  if method is null or method not in ('bank', 'mpesa') then
    perform private.refuse('method', 'invalid_payment_method', 'Choose bank transfer or M-Pesa.');
  end if;
  cleaned := btrim(coalesce(reference, ''));
  if method = 'mpesa' then
    cleaned := upper(regexp_replace(cleaned, '\s', '', 'g'));
    if cleaned !~ '^[A-Z0-9]{10}$' then
      perform private.refuse('reference', 'invalid_reference',
        'An M-Pesa reference is 10 letters and digits, e.g. QJK7XYZ123.');
    end if;
  elsif length(cleaned) not between 1 and 100 then
    perform private.refuse('reference', 'invalid_reference', 'Enter the bank reference (1 to 100 characters).');
  end if;
  if target_order.status = 'cancelled' then
    perform private.refuse('reference', 'order_cancelled', 'This order is cancelled: no payment can be recorded on it.');
  end if;
  update public.orders o
     set payment_reference = cleaned, payment_reference_method = method, payment_recorded_at = now()
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

comment on function public.record_order_payment(uuid, text, text) is 'Staff: records the bank or M-Pesa reference of an order''s payment.';

create or replace function public.check_order_mpesa_code(order_id uuid, verdict text)
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
  if verdict is null or verdict not in ('verified', 'rejected') then
    perform private.refuse('verdict', 'invalid_verdict', 'Mark the code verified or rejected.');
  end if;
  if target_order.mpesa_code is null then
    perform private.refuse('verdict', 'no_mpesa_code', 'The customer has not entered an M-Pesa code for this order.');
  end if;
  if target_order.status in ('paid', 'cancelled') then
    perform private.refuse('verdict', 'order_closed', format('This order is already %s.', target_order.status));
  end if;
  update public.orders o
     set mpesa_code_status = verdict, mpesa_code_checked_at = now()
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

comment on function public.check_order_mpesa_code(uuid, text) is 'Staff: marks the customer-entered M-Pesa code verified or rejected.';

create or replace function public.resend_order_confirmation(order_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
  mail uuid;
begin
  perform private.require_staff();
  target_order := private.lock_order(order_id);
  perform 1 from public.mail_outbox m
   where m.order_id = target_order.id and m.kind = 'order_confirmation' and m.status in ('pending', 'sending');
  if found then
    perform private.refuse('order_id', 'resend_already_queued',
      'A confirmation e-mail for this order is already waiting to be sent. It goes out within a minute.');
  end if;
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_confirmation', target_order.id, target_order.customer_email)
  returning id into mail;
  return mail;
end;
$$;

comment on function public.resend_order_confirmation(uuid) is 'Staff: queues the customer''s confirmation e-mail again (a new outbox row).';

-- M-Pesa codes are accepted while the order awaits payment (pending or confirmed) -----------------

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
  if target.status not in ('pending', 'confirmed') then
    perform private.refuse('code', 'order_closed', 'This order is already paid or cancelled.');
  end if;
  update public.orders set mpesa_code = normalised, mpesa_code_submitted_at = now() where id = target.id;
  -- The bookings team verifies the code against the Paybill statement.
  insert into public.mail_outbox (kind, order_id, recipient) values ('mpesa_code_notification', target.id, null);
  return private.order_json(target.id);
end;
$$;

-- Subscribers: staff may remove one ---------------------------------------------------------------

grant delete on table public.newsletter_subscribers to authenticated;

create policy newsletter_subscribers_delete_staff on public.newsletter_subscribers
  for delete to authenticated
  using ((select private.is_staff()));

-- The admin audit trail (issue 11): when its trigger function exists, staff-written tables get it.
do $$
declare
  target regclass;
begin
  if to_regprocedure('private.audit_row_change()') is null then
    return;
  end if;
  foreach target in array array['public.orders'::regclass, 'public.newsletter_subscribers'::regclass] loop
    if not exists (select 1 from pg_trigger t
                    where t.tgrelid = target and t.tgfoid = 'private.audit_row_change()'::regprocedure) then
      execute format('create trigger %I after insert or update or delete on %s for each row execute function private.audit_row_change()',
                     replace(target::text, 'public.', '') || '_audit', target);
    end if;
  end loop;
end;
$$;

-- Privileges --------------------------------------------------------------------------------------

revoke all on function public.set_order_status(uuid, text), public.record_order_payment(uuid, text, text),
  public.check_order_mpesa_code(uuid, text), public.resend_order_confirmation(uuid) from public, anon;
grant execute on function public.set_order_status(uuid, text), public.record_order_payment(uuid, text, text),
  public.check_order_mpesa_code(uuid, text), public.resend_order_confirmation(uuid) to authenticated, service_role;
