-- A paid order's payment reference is final: the admin offered "Replace the payment reference"
-- on an order whose status can no longer change, and a replacement went through. A paid order
-- without a reference (paid by a verified code or an M-Pesa prompt without receipt) may still
-- have one recorded once. Otherwise record_order_payment as in 20261124230000_order_workflow.sql.
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
  if target_order.status = 'paid' and target_order.payment_reference is not null then
    perform private.refuse('reference', 'payment_reference_final',
      'This order is paid: its payment reference is final and cannot be replaced.');
  end if;
  update public.orders o
     set payment_reference = cleaned, payment_reference_method = method, payment_recorded_at = now()
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

comment on function public.record_order_payment(uuid, text, text) is 'Staff: records the bank or M-Pesa reference of an order''s payment (final once the order is paid).';
