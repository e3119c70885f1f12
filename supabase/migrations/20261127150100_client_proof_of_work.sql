-- Per-client limits that fit shared addresses (issue 22, item 9; issue 23, item 4).
--
-- Kenyan mobile networks put very many subscribers behind one address (carrier-grade NAT), and
-- an office shares one too: a sixth newsletter sign-up from one network in 10 minutes was
-- refused, and orders stopped at 10 per address. The per-target limits (per mailbox, per order,
-- per phone) stay as they are; the per-client ones now have two steps:
--
-- * a free allowance per client and window (private.client_proof_throttle: the old limits, 5
--   newsletter sign-ups, 5 enquiries, 10 registrations, 10 orders per 10 minutes);
-- * past it, each write needs a fresh proof of work, up to a ceiling (the existing
--   private.*_throttle tables' max_*, raised here: 50, 30, 50, 50 per 10 minutes).
--
-- The proof: the browser asks public.client_challenge() for a challenge (stateless: issued time,
-- random, HMAC with a secret only the database holds), finds a nonce such that
-- sha256('<challenge>:<nonce>') starts with `difficulty` zero bits (16: about 65,000 hashes on
-- average; the site's solver does them in ~0.5 s on one core of the shared build machine, a
-- phone in a second or two), and sends
-- '<challenge>:<nonce>' in the x-client-proof header (the newsletter function passes it on as an
-- argument). The database checks it here and spends it: one proof buys one write, within
-- 10 minutes of the challenge. A person never sees it (the site's forms solve it when asked,
-- loading the solver only then); a script that does not solve is refused with 429, hint
-- proof_required. The format and header live in supabase/functions/_shared/proof-of-work.ts,
-- which the site imports.
--
-- register_for_event (redefined below, from 20261125010200) applies the per-client limit and the
-- proof before anything that depends on other people's rows (issue 23, item 4): it checked the
-- duplicate address first, so a client past its 10 registrations still learned, for any address,
-- whether it was registered (400 versus 429). An attempt for an address already registered costs
-- a slot too: it answers status 'already_registered' (HTTP 200) instead of raising, so the slot
-- it took is kept (a raised refusal rolls back everything, its slot included, and probing was
-- free). Orders and enquiries have no duplicate check: their per-client limit already comes
-- before their per-address one; the proof is asked for by a before-insert trigger that runs
-- before the per-address trigger (names sort: client_proof < limit_per_address).

create table private.proof_settings (
  id boolean primary key default true,
  difficulty_bits integer not null,
  challenge_seconds integer not null,
  secret bytea not null default extensions.gen_random_bytes(32),
  constraint proof_settings_single_row check (id),
  constraint proof_settings_difficulty_range check (difficulty_bits between 1 and 32),
  constraint proof_settings_challenge_seconds_positive check (challenge_seconds > 0)
);

comment on table private.proof_settings is 'The proof of work asked of a client past its free allowance: zero bits required, challenge lifetime, HMAC secret.';

insert into private.proof_settings (difficulty_bits, challenge_seconds) values (16, 600);

create table private.client_proof_throttle (
  write text primary key,
  max_without_proof integer not null,
  window_seconds integer not null,
  constraint client_proof_throttle_write_known check (write in ('newsletter', 'enquiry', 'event_registration', 'order')),
  constraint client_proof_throttle_positive check (max_without_proof >= 0 and window_seconds > 0)
);

comment on table private.client_proof_throttle is 'Writes per client and window that need no proof of work; past them each needs one, up to the private.*_throttle ceiling.';

insert into private.client_proof_throttle (write, max_without_proof, window_seconds) values
  ('newsletter', 5, 600),
  ('enquiry', 5, 600),
  ('event_registration', 10, 600),
  ('order', 10, 600);

-- The ceilings with a proof: 50 in 10 minutes (enquiries, which each mail staff and the sender, 30).
update private.newsletter_throttle set max_requests = 50;
update private.enquiry_throttle set max_enquiries = 30;
update private.event_registration_throttle set max_registrations = 50;
update private.order_throttle set max_orders = 50;

-- Spent proofs (by challenge), kept a day: a challenge buys one write.
create table private.spent_proofs (
  challenge text primary key,
  spent_at timestamptz not null default now()
);

create index spent_proofs_spent_at_idx on private.spent_proofs (spent_at);

-- The challenge's signature: it was issued here, at that time.
create or replace function private.challenge_signature(issued text, salt text)
returns text
language sql
stable
set search_path = ''
as $$
  select left(encode(extensions.hmac(convert_to(issued || '.' || salt, 'UTF8'), s.secret, 'sha256'), 'hex'), 16)
    from private.proof_settings s;
$$;

-- A challenge to solve: '<unix seconds>.<8 hex>.<16 hex signature>' and the zero bits wanted.
create or replace function public.client_challenge()
returns table (challenge text, difficulty integer)
language sql
volatile
security definer
set search_path = ''
as $$
  select c.issued || '.' || c.salt || '.' || private.challenge_signature(c.issued, c.salt), s.difficulty_bits
    from (select floor(extract(epoch from now()))::bigint::text as issued,
                 encode(extensions.gen_random_bytes(4), 'hex') as salt) c
   cross join private.proof_settings s;
$$;

comment on function public.client_challenge() is
  'Anyone: a proof-of-work challenge, asked for when a write answers 429 proof_required.';

-- True when `proof` ('<challenge>:<nonce>') is a solved challenge of ours, unexpired and unspent;
-- it is spent then (with the write's transaction: a write refused later leaves it unspent).
create or replace function private.spend_proof(proof text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  settings private.proof_settings;
  challenge text := split_part(proof, ':', 1);
  issued bigint;
  hash bytea;
begin
  if proof is null or proof !~ '^[0-9]{10}\.[0-9a-f]{8}\.[0-9a-f]{16}:[0-9]{1,15}$' then
    return false;
  end if;
  select s.* into settings from private.proof_settings s;
  if split_part(challenge, '.', 3) <> private.challenge_signature(split_part(challenge, '.', 1), split_part(challenge, '.', 2)) then
    return false;
  end if;
  issued := split_part(challenge, '.', 1)::bigint;
  if issued < extract(epoch from now()) - settings.challenge_seconds or issued > extract(epoch from now()) + 60 then
    return false;
  end if;
  hash := sha256(convert_to(proof, 'UTF8'));
  if left(('x' || encode(substring(hash from 1 for 8), 'hex'))::bit(64)::text, settings.difficulty_bits)
     <> repeat('0', settings.difficulty_bits) then
    return false;
  end if;
  delete from private.spent_proofs p where p.spent_at < now() - interval '1 day';
  insert into private.spent_proofs (challenge) values (challenge) on conflict do nothing;
  return found;
end;
$$;

-- The proof the API request carries in its x-client-proof header (PostgREST's request.headers).
create or replace function private.request_proof()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-client-proof';
$$;

-- False when the client, with `recent` writes of this kind in the window, is past its free
-- allowance and `proof` is not a good one (a good one is spent).
create or replace function private.proof_satisfied(write text, recent integer, proof text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  allowance integer;
begin
  select t.max_without_proof into allowance from private.client_proof_throttle t where t.write = proof_satisfied.write;
  if allowance is null then
    raise exception 'no proof throttle for %', proof_satisfied.write;
  end if;
  return recent < allowance or private.spend_proof(proof);
end;
$$;

-- The refusal of an API write past the free allowance without a good proof.
create or replace function private.demand_proof(write text, recent integer)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if not private.proof_satisfied(write, recent, private.request_proof()) then
    raise exception using errcode = 'PT429', hint = 'proof_required',
      message = 'Many requests have come from your network in the last few minutes. Please try again: your browser will do a short check first.';
  end if;
end;
$$;

-- Before insert on orders and enquiries (TG_ARGV: kind): a visitor's write past the client's
-- free allowance needs a proof. Counted like the functions' own throttles, under their client lock.
create or replace function private.require_client_proof()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  recent integer;
  window_seconds integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  select t.window_seconds into window_seconds from private.client_proof_throttle t where t.write = tg_argv[0];
  if tg_argv[0] = 'order' then
    select count(*) into recent from public.orders o
     where o.client_key = new.client_key and o.created_at > now() - make_interval(secs => window_seconds);
  else
    select count(*) into recent from public.enquiries e
     where e.client_key = new.client_key and e.created_at > now() - make_interval(secs => window_seconds);
  end if;
  perform private.demand_proof(tg_argv[0], recent);
  return new;
end;
$$;

create trigger orders_client_proof
  before insert on public.orders
  for each row execute function private.require_client_proof('order');

create trigger enquiries_client_proof
  before insert on public.enquiries
  for each row execute function private.require_client_proof('enquiry');

revoke all on function private.challenge_signature(text, text), private.spend_proof(text), private.request_proof(),
  private.proof_satisfied(text, integer, text), private.demand_proof(text, integer), private.require_client_proof()
  from public;
revoke all on function public.client_challenge() from public;
grant execute on function public.client_challenge() to anon, authenticated, service_role;

-- register_for_event ---------------------------------------------------------------------------

-- As 20261125010200 had it, with the per-client limit (and past its free allowance, the proof of
-- work) before the event and the duplicate are looked at, counted in private.client_requests
-- (attempts, duplicates included), and the duplicate answered as a status.
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
  perform private.demand_proof('event_registration', recent);
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


-- The newsletter ---------------------------------------------------------------------------------

-- As 20261126000100 had it, plus the proof past the free allowance (argument `proof`, which the
-- function passes on from the x-client-proof header; outcome 'proof_required'). The attempt is
-- logged only once it is allowed, so a refused one costs nothing.
drop function public.newsletter_subscribe(text, text, text);

create function public.newsletter_subscribe(email text, client text, source text default 'footer', proof text default null)
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
  if not private.proof_satisfied('newsletter', recent, newsletter_subscribe.proof) then
    return query select 'proof_required'::text, null::integer;
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

comment on function public.newsletter_subscribe(text, text, text, text) is
  'Service role (send-newsletter-subscription-email): records a pending sign-up and queues its confirmation mail.';

revoke all on function public.newsletter_subscribe(text, text, text, text) from public, anon, authenticated;
grant execute on function public.newsletter_subscribe(text, text, text, text) to service_role;
