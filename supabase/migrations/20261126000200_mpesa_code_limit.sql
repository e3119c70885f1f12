-- The one other anonymous write that mails someone (issue 15, item 4): submit_mpesa_code, which
-- anyone holding an order's token may call and which mails the bookings team each time. Its
-- target is the order: at most 5 codes per order an hour, counted with the per-address limits
-- (private.address_limits / take_address_slot, keyed by the order's id). A per-client limit would
-- be wrong here: the website's server calls it for every visitor, from one address. Refused like
-- its other refusals (P0001, DETAIL code, HINT too_many_codes), so the confirmation page shows it.

alter table private.address_limits
  drop constraint address_limits_write_known,
  add constraint address_limits_write_known check (
    write in ('newsletter', 'enquiry', 'event_registration', 'order', 'mpesa_code'));

insert into private.address_limits (write, max_per_address, window_seconds) values ('mpesa_code', 5, 3600);

-- As 20261124230000 had it, plus the limit once the code is known to be acceptable.
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
  wait integer;
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
  wait := private.take_address_slot('mpesa_code', target.id::text);
  if wait is not null then
    perform private.refuse('code', 'too_many_codes', format(
      'A code was sent for this order several times in a short time. Please wait %s, or call us with your M-Pesa receipt.',
      private.wait_phrase(wait)));
  end if;
  update public.orders set mpesa_code = normalised, mpesa_code_submitted_at = now() where id = target.id;
  -- The bookings team verifies the code against the Paybill statement.
  insert into public.mail_outbox (kind, order_id, recipient) values ('mpesa_code_notification', target.id, null);
  return private.order_json(target.id);
end;
$$;
