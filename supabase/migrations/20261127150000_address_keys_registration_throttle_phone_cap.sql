-- Anonymous-write limits, second pass (issue 23, items 4, 5 and 10).
--
-- * The mailbox key folds Gmail's dots and googlemail.com (item 10): `v.ictim@gmail.com`,
--   `victim+1@googlemail.com` and `Victim@GMAIL.com` reach one inbox, so they are one key for
--   every per-address limit (private.address_key is the one function; the keys already logged are
--   folded again so a window in progress keeps counting).
-- * The per-client log of registration attempts (item 4), which register_for_event uses from
--   20261127150100 on (with the proof of work it asks for past the free allowance).
-- * M-Pesa prompts are capped per phone number across orders (item 5): 3 per 10 minutes and 10
--   per day (private.mpesa_phone_limits), in begin_mpesa_attempt, refused in words (hint
--   too_many_for_phone; the function answers 429).

-- The mailbox an address reaches --------------------------------------------------------------

create or replace function private.address_key(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when a.at_sign = 0 then a.address
              else (case when a.gmail then replace(a.untagged, '.', '') else a.untagged end)
                   || '@' || (case when a.gmail then 'gmail.com' else a.domain end) end
    from (select b.address, b.at_sign, b.domain, b.domain in ('gmail.com', 'googlemail.com') as gmail,
                 -- The local part without its +tag (an address that is all tag keeps it).
                 coalesce(nullif(regexp_replace(b.local_part, '\+.*$', ''), ''), b.local_part) as untagged
            from (select c.address, c.at_sign, left(c.address, c.at_sign - 1) as local_part,
                         substr(c.address, c.at_sign + 1) as domain
                    from (select lower(btrim(email)) as address, position('@' in lower(btrim(email))) as at_sign) c) b) a;
$$;

comment on function private.address_key(text) is
  'The mailbox an address reaches, the key of every per-address limit: lower case, no +tag; Gmail''s dots and googlemail.com folded.';

update private.address_requests set address_key = private.address_key(address_key) where write <> 'mpesa_code';

-- Per-client attempt log ------------------------------------------------------------------------

-- Attempts that count against a client without writing a row of their own (a registration for an
-- address already registered). Kept for a day, like the newsletter's request log.
create table private.client_requests (
  write text not null,
  client_key text not null,
  requested_at timestamptz not null default now(),
  constraint client_requests_write_known check (write in ('event_registration'))
);

create index client_requests_client_idx on private.client_requests (write, client_key, requested_at);
create index client_requests_requested_at_idx on private.client_requests (requested_at);

-- M-Pesa prompts per phone ----------------------------------------------------------------------

create table private.mpesa_phone_limits (
  window_seconds integer primary key,
  max_prompts integer not null,
  constraint mpesa_phone_limits_positive check (max_prompts > 0 and window_seconds > 0)
);

comment on table private.mpesa_phone_limits is 'How many M-Pesa prompts one phone number may be sent per window, across all orders.';

-- A customer retrying a declined or timed-out prompt needs 2 or 3; a day's 10 covers several orders.
insert into private.mpesa_phone_limits (window_seconds, max_prompts) values (600, 3), (86400, 10);

create index mpesa_payment_attempts_phone_idx on public.mpesa_payment_attempts (phone, requested_at);

-- As 20261124225000 had it, plus the per-phone cap (every prompt asked for counts, one that
-- Daraja refused too: it may have reached the phone).
create or replace function public.begin_mpesa_attempt(target_order uuid, phone text, amount integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
  attempt uuid;
  wait integer;
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
  -- And per phone, across orders: one client with several orders (or none of its own) must not
  -- spray prompts at someone's phone. One phone's prompts are counted one at a time.
  perform pg_advisory_xact_lock(hashtextextended('mpesa:phone:' || begin_mpesa_attempt.phone, 0));
  select max(ceil(extract(epoch from oldest.requested_at + make_interval(secs => l.window_seconds) - now())))::integer
    into wait
    from private.mpesa_phone_limits l
    cross join lateral (
      select a.requested_at from public.mpesa_payment_attempts a
       where a.phone = begin_mpesa_attempt.phone and a.requested_at > now() - make_interval(secs => l.window_seconds)
       order by a.requested_at desc offset l.max_prompts - 1 limit 1) oldest;
  if wait is not null then
    raise exception using errcode = 'P0001', hint = 'too_many_for_phone', message = format(
      'Several M-Pesa requests were sent to this phone number in a short time. Please try again in %s, or pay with the Paybill instructions.',
      private.wait_phrase(greatest(wait, 1)));
  end if;
  insert into public.mpesa_payment_attempts (order_id, phone, amount)
  values (target_order, begin_mpesa_attempt.phone, begin_mpesa_attempt.amount)
  returning id into attempt;
  return attempt;
end;
$$;

revoke all on function public.begin_mpesa_attempt(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.begin_mpesa_attempt(uuid, text, integer) to service_role;
