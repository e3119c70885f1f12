-- Anonymous-write limits, second pass (issue 23, items 4, 5 and 10).
--
-- * The mailbox key folds Gmail's dots and googlemail.com (item 10): `v.ictim@gmail.com`,
--   `victim+1@googlemail.com` and `Victim@GMAIL.com` reach one inbox, so they are one key for
--   every per-address limit (private.address_key is the one function; the keys already logged are
--   folded again so a window in progress keeps counting).
-- * register_for_event applies its per-client limit before anything that depends on other
--   people's rows (item 4): it checked the duplicate address first, so a client past its 10
--   registrations still learned, for any address, whether it was registered (400 versus 429). Now
--   the client's slot is taken first, and an attempt for an address already registered costs a
--   slot too: it answers status 'already_registered' (HTTP 200) instead of raising, so the slot
--   it took is kept (a raised refusal rolls back everything, its slot included, and probing was
--   free). Past the limit every address gets the same 429.
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

-- register_for_event ---------------------------------------------------------------------------

-- As 20261125010200 had it, with the per-client limit before the event and the duplicate are
-- looked at, counted in private.client_requests (attempts, duplicates included), and the
-- duplicate answered as a status.
create or replace function public.register_for_event(
  event_slug text,
  name text,
  email text,
  phone text,
  organisation text default '',
  seats integer default 1
)
returns table (status text, token text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text := private.client_key();
  limits record;
  recent integer;
  ev public.events;
  normalised_phone text := private.normalise_phone(phone);
  org text := private.optional_text(organisation);
  address text := lower(btrim(email));
  taken integer;
  new_status text;
  new_token text;
  new_id uuid;
begin
  if name is null or length(btrim(name)) not between 1 and 200 then
    perform private.refuse('name', 'invalid_name', 'Please enter your full name.');
  end if;
  if not private.is_email(address) then
    perform private.refuse('email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  if normalised_phone is null then
    perform private.refuse('phone', 'invalid_phone',
      'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.');
  end if;
  if org is not null and length(org) > 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'The organisation name must be at most 200 characters.');
  end if;

  -- The client's slot first: nothing below, other people's registrations least of all, answers a
  -- client past its limit.
  perform pg_advisory_xact_lock(hashtextextended('register_for_event:client:' || client, 0));
  select t.max_registrations, t.window_seconds into limits from private.event_registration_throttle t;
  delete from private.client_requests r where r.requested_at < now() - interval '1 day';
  select count(*) into recent from private.client_requests r
   where r.write = 'event_registration' and r.client_key = client
     and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_registrations then
    raise exception using errcode = 'PT429', hint = 'too_many_registrations',
      message = 'Too many registrations from your network in a short time. Please try again in a few minutes.';
  end if;
  insert into private.client_requests (write, client_key) values ('event_registration', client);

  -- The event row's lock serialises every registration and cancellation for this event.
  select e.* into ev from public.events e where e.slug = event_slug and e.is_published for update;
  if ev.id is null then
    perform private.refuse('event', 'event_not_found', 'This event is not open for registration.');
  end if;
  if ev.starts_at <= now() then
    perform private.refuse('event', 'event_past', 'This event has already taken place. Registration is closed.');
  end if;
  if seats is null or seats not between 1 and 10 or (ev.price_amount is null and seats <> 1) then
    perform private.refuse('seats', 'invalid_seats',
      case when ev.price_amount is null then 'This free event takes one seat per registration.'
           else 'Please choose from 1 to 10 seats.' end);
  end if;
  if exists (select 1 from public.event_registrations r
              where r.event_id = ev.id and r.email = address and r.status <> 'cancelled') then
    -- Answered, not raised: the slot taken above stays taken.
    return query select 'already_registered'::text, null::text;
    return;
  end if;

  taken := private.event_seats_taken(ev.id);
  -- Nobody jumps the queue: with people waiting, a newcomer waits too.
  if (ev.capacity is null or ev.capacity - taken >= seats)
     and not exists (select 1 from public.event_registrations r where r.event_id = ev.id and r.status = 'waitlisted') then
    new_status := 'confirmed';
  else
    new_status := 'waitlisted';
  end if;

  insert into public.event_registrations as r (event_id, name, email, phone, organisation, seats, status, client_key)
  values (ev.id, btrim(name), address, normalised_phone, org, seats, new_status, client)
  returning r.id, r.token into new_id, new_token;

  insert into public.mail_outbox (kind, registration_id, recipient)
  values (case when new_status = 'confirmed' then 'event_registration_confirmed' else 'event_registration_waitlisted' end,
          new_id, address);

  return query select new_status, new_token;
end;
$$;

comment on function public.register_for_event(text, text, text, text, text, integer) is
  'Anyone (the registration page, from the browser): registers for an event, or joins its waitlist when full; status already_registered (no token) when the address is.';

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
