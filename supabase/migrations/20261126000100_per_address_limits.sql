-- Per-address limits on the anonymous writes that mail someone (issue 15, item 4): newsletter
-- sign-ups, enquiries, event registrations and orders. The per-client throttles (one per write,
-- by IP) stop one client flooding; they cannot stop many clients mailing one person, and an
-- attack pass mailed a victim's plus-addresses 500 times. So each write also counts, per kind,
-- what it sends to an address, and refuses past a limit with a sentence saying when to try again.
--
-- * The counted address is the mailbox: letter case and plus-addressing (victim+1@x,
--   Victim+2@X) do not make a new one (private.address_key).
-- * Only writes that happen count: the log row is written in the write's own transaction, so a
--   refused order or registration (and a newsletter sign-up that sends nothing) costs nothing.
-- * Orders, enquiries and registrations are counted by a before-insert trigger on their table,
--   for rows written on a visitor's behalf (the API request's role is anon or authenticated:
--   create_order, submit_enquiry and register_for_event run as their owner but keep the
--   caller's JWT claims); the service role and migrations are not limited. The trigger runs
--   after each function's own checks and per-client throttle, whose messages come first.
--   Refusal: PT429 (HTTP 429), HINT too_many_for_address, DETAIL the form field.
-- * The newsletter function answers outcome 'address_throttled' with retry_after (the edge
--   function turns it into 429 and a sentence), decided before any row is written.
-- * Limits per kind in private.address_limits (as postgres a test stack may raise them).

create table private.address_limits (
  write text primary key,
  max_per_address integer not null,
  window_seconds integer not null,
  constraint address_limits_write_known check (write in ('newsletter', 'enquiry', 'event_registration', 'order')),
  constraint address_limits_positive check (max_per_address > 0 and window_seconds > 0)
);

comment on table private.address_limits is 'How many writes of each kind may mail one address (plus-addressing and case folded) per window.';

-- A day's allowance each: more than a person needs for themselves, far less than a flood.
insert into private.address_limits (write, max_per_address, window_seconds) values
  ('newsletter', 3, 86400),
  ('enquiry', 5, 86400),
  ('event_registration', 10, 86400),
  ('order', 10, 86400);

create table private.address_requests (
  write text not null,
  address_key text not null,
  requested_at timestamptz not null default now()
);

create index address_requests_address_idx on private.address_requests (write, address_key, requested_at);
create index address_requests_requested_at_idx on private.address_requests (requested_at);

-- The mailbox an address reaches: lower case, and the local part without its +tag.
create or replace function private.address_key(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when a.at_sign = 0 then a.address
              else coalesce(nullif(regexp_replace(left(a.address, a.at_sign - 1), '\+.*$', ''), ''),
                            left(a.address, a.at_sign - 1))
                   || substr(a.address, a.at_sign) end
    from (select lower(btrim(email)) as address, position('@' in lower(btrim(email))) as at_sign) a;
$$;

-- Serialises the writes of one kind to one mailbox until the transaction ends.
create or replace function private.lock_address(write text, email text)
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('address:' || write || ':' || private.address_key(email), 0));
$$;

-- Takes one of the mailbox's slots for this kind of write: null when taken, else the seconds
-- until one frees up (nothing is recorded then).
create or replace function private.take_address_slot(write text, email text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  address text := private.address_key(email);
  limits private.address_limits;
  recent integer;
  oldest timestamptz;
begin
  select l.* into limits from private.address_limits l where l.write = take_address_slot.write;
  if limits.write is null then
    raise exception 'no address limit for %', take_address_slot.write;
  end if;
  perform private.lock_address(take_address_slot.write, email);
  delete from private.address_requests r
   where r.requested_at < now() - make_interval(secs => (select max(l.window_seconds) from private.address_limits l));
  select count(*), min(r.requested_at) into recent, oldest from private.address_requests r
   where r.write = take_address_slot.write and r.address_key = address
     and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_address then
    return greatest(1, ceil(extract(epoch from oldest + make_interval(secs => limits.window_seconds) - now())))::integer;
  end if;
  insert into private.address_requests (write, address_key) values (take_address_slot.write, address);
  return null;
end;
$$;

-- "in 3 hours", "in 12 minutes": when a refused write may be tried again.
create or replace function private.wait_phrase(seconds integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when seconds > 5400 then format('%s hours', ceil(seconds / 3600.0)::integer)
              when seconds > 60 then format('%s minutes', ceil(seconds / 60.0)::integer)
              else 'a minute' end;
$$;

-- Before insert on orders, enquiries and event_registrations (TG_ARGV: kind, address column,
-- form field): refuses a visitor's write past the address's limit.
create or replace function private.limit_per_address()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  write text := tg_argv[0];
  address text := to_jsonb(new) ->> tg_argv[1];
  wait integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') or address is null then
    return new;
  end if;
  wait := private.take_address_slot(write, address);
  if wait is not null then
    raise exception using errcode = 'PT429', hint = 'too_many_for_address', detail = tg_argv[2],
      message = case write
        when 'order' then format(
          'Several orders were placed with this e-mail address in a short time. Please try again in %s, or contact us to book more.',
          private.wait_phrase(wait))
        when 'enquiry' then format(
          'We have received several messages from this e-mail address in a short time. Please wait %s before sending another.',
          private.wait_phrase(wait))
        else format(
          'This e-mail address has made several registrations in a short time. Please try again in %s.',
          private.wait_phrase(wait)) end;
  end if;
  return new;
end;
$$;

create trigger orders_limit_per_address
  before insert on public.orders
  for each row execute function private.limit_per_address('order', 'customer_email', 'buyer_email');

create trigger enquiries_limit_per_address
  before insert on public.enquiries
  for each row execute function private.limit_per_address('enquiry', 'email', 'email');

create trigger event_registrations_limit_per_address
  before insert on public.event_registrations
  for each row execute function private.limit_per_address('event_registration', 'email', 'email');

revoke all on function private.address_key(text), private.lock_address(text, text),
  private.take_address_slot(text, text), private.wait_phrase(integer), private.limit_per_address() from public;

-- The newsletter: as 20261125010000 had it, plus the per-address limit on confirmation mails.
-- New outcome 'address_throttled' (retry_after in seconds): this mailbox was sent its day's
-- confirmations. 'already_confirmed' and 'already_pending' send nothing and count nothing.
create or replace function public.newsletter_subscribe(email text, client text, source text default 'footer')
returns table (outcome text, retry_after integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits record;
  recent integer;
  oldest timestamptz;
  wait integer;
  fresh boolean := false;
  address text := lower(btrim(email));
  subscriber public.newsletter_subscribers;
  client_id text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 64);
begin
  if not private.is_email(address) then
    raise exception 'not an e-mail address' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('newsletter:client:' || client_id, 0));
  select t.max_requests, t.window_seconds into limits from private.newsletter_throttle t;
  delete from private.newsletter_requests r where r.requested_at < now() - interval '1 day';
  select count(*), min(r.requested_at) into recent, oldest from private.newsletter_requests r
   where r.client_key = client_id and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_requests then
    return query select 'throttled'::text,
      greatest(1, ceil(extract(epoch from oldest + make_interval(secs => limits.window_seconds) - now())))::integer;
    return;
  end if;
  insert into private.newsletter_requests (client_key) values (client_id);

  -- One sign-up at a time per mailbox (every +tag and case of it): what follows reads its rows
  -- as the previous sign-up left them.
  perform private.lock_address('newsletter', address);
  select s.* into subscriber from public.newsletter_subscribers s where s.email = address for update;
  if subscriber.status = 'confirmed' then
    return query select 'already_confirmed'::text, null::integer;
    return;
  end if;
  if subscriber.status = 'pending' and subscriber.confirmation_sent_at > now() - interval '10 minutes' then
    return query select 'already_pending'::text, null::integer;
    return;
  end if;
  wait := private.take_address_slot('newsletter', address);
  if wait is not null then
    return query select 'address_throttled'::text, wait;
    return;
  end if;

  if subscriber.id is null then
    insert into public.newsletter_subscribers as s (email, source)
    values (address, left(coalesce(nullif(btrim(newsletter_subscribe.source), ''), 'footer'), 50))
    on conflict on constraint newsletter_subscribers_email_key do nothing
    returning s.* into subscriber;
    fresh := subscriber.id is not null;
    if not fresh then
      -- Written meanwhile by a writer not holding the mailbox's lock (staff, a script).
      select s.* into subscriber from public.newsletter_subscribers s where s.email = address for update;
    end if;
  end if;
  if not fresh then
    update public.newsletter_subscribers s
       set status = 'pending', requested_at = now()
     where s.id = subscriber.id;
  end if;

  update public.newsletter_subscribers s set confirmation_sent_at = now() where s.id = subscriber.id;
  insert into public.mail_outbox (kind, subscriber_id, recipient)
  values ('newsletter_confirmation', subscriber.id, address);
  return query select 'pending'::text, null::integer;
end;
$$;

comment on function public.newsletter_subscribe(text, text, text) is
  'Service role (send-newsletter-subscription-email): records a pending sign-up and queues its confirmation mail.';
