-- Event registration (issue 13): the site's own registration replaces the external links.
-- Events gain a slug (/events/<slug>/register), a capacity (null: no limit) and an optional
-- price (paid events take several seats per registration). A registration is confirmed while
-- seats remain, else waitlisted; cancelling (by the mailed token) frees its seats and moves
-- waitlisted people up, first come first served, each told by e-mail. One active registration
-- per event per address (case-insensitive). Registering and cancelling lock the event row, so
-- two people racing for the last seat are served one after the other: no overbooking.
--
-- Refusals follow create_order's convention (P0001 / HTTP 400, DETAIL = field, HINT = reason);
-- throttling PT429 (HTTP 429). Called from the browser (anon key), so the throttle sees the
-- visitor's own IP.

alter table public.events
  add column slug text,
  add column capacity integer,
  add column price_amount numeric(12, 2),
  add column currency text,
  add constraint events_capacity_positive check (capacity is null or capacity > 0),
  add constraint events_price_has_currency check (
    (price_amount is null and currency is null) or (price_amount > 0 and currency in ('KES', 'USD')));

-- A slug from the title (when none or an empty one is given), made unique with the start date when another event has it.
create or replace function private.event_slug_default()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  base text;
begin
  if coalesce(new.slug, '') = '' then
    base := trim(both '-' from regexp_replace(lower(new.title), '[^a-z0-9]+', '-', 'g'));
    if base = '' then
      base := 'event';
    end if;
    new.slug := left(base, 80);
    if exists (select 1 from public.events e where e.slug = new.slug and e.id <> new.id) then
      new.slug := left(base, 69) || '-' || to_char(new.starts_at at time zone 'Africa/Nairobi', 'YYYY-MM-DD');
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.event_slug_default() from public;

create trigger events_slug_default
  before insert or update of slug on public.events
  for each row execute function private.event_slug_default();

-- Existing events: the last path segment of their (placeholder) registration address, else the title.
update public.events e
   set slug = substring(e.registration_url from '/events/([a-z0-9]+(?:-[a-z0-9]+)*)/?$');

alter table public.events
  alter column slug set not null,
  -- Empty asks the trigger for one made from the title, so writers need not invent slugs.
  alter column slug set default '',
  add constraint events_slug_key unique (slug),
  add constraint events_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80);

-- Registrations ----------------------------------------------------------------------------

create table public.event_registrations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null,
  email text not null,
  phone text not null,
  organisation text,
  seats integer not null default 1,
  status text not null,
  token text not null default translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_'),
  client_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  promoted_at timestamptz,
  cancelled_at timestamptz,
  checked_in_at timestamptz,
  constraint event_registrations_token_key unique (token),
  constraint event_registrations_status_known check (status in ('confirmed', 'waitlisted', 'cancelled')),
  constraint event_registrations_seats_range check (seats between 1 and 10),
  constraint event_registrations_name_length check (length(btrim(name)) between 1 and 200),
  constraint event_registrations_email_format check (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$' and email = lower(email)),
  constraint event_registrations_organisation_length check (organisation is null or length(organisation) between 1 and 200),
  constraint event_registrations_cancelled_has_time check (status <> 'cancelled' or cancelled_at is not null),
  constraint event_registrations_check_in_confirmed check (checked_in_at is null or status = 'confirmed')
);

comment on table public.event_registrations is 'Event sign-ups: written by register_for_event / cancel_event_registration; staff read them and check people in.';

alter table public.event_registrations enable row level security;

create trigger event_registrations_touch_updated_at
  before update on public.event_registrations
  for each row execute function private.touch_updated_at();

-- One active registration per event and address.
create unique index event_registrations_one_per_email on public.event_registrations (event_id, email)
  where status <> 'cancelled';
create index event_registrations_event_status_idx on public.event_registrations (event_id, status, created_at);
create index event_registrations_client_idx on public.event_registrations (client_key, created_at);

revoke all on table public.event_registrations from anon, authenticated;
grant select on table public.event_registrations to authenticated;
grant update (checked_in_at) on table public.event_registrations to authenticated;

create policy event_registrations_select_staff on public.event_registrations
  for select to authenticated
  using ((select private.is_staff()));

create policy event_registrations_update_staff on public.event_registrations
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));

-- Seats taken on an event by confirmed registrations.
create or replace function private.event_seats_taken(target_event uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(r.seats), 0)::integer from public.event_registrations r
   where r.event_id = target_event and r.status = 'confirmed';
$$;

revoke all on function private.event_seats_taken(uuid) from public;

-- The public view gains what the registration needs; existing columns keep their places.
create or replace view public.public_events
with (security_invoker = false)
as
select e.id, e.title, e.description, e.category, e.venue, e.mode, e.starts_at, e.ends_at, e.image_url,
       e.registration_url, e.slug, e.capacity,
       case when e.capacity is null then null
            -- Inline, not private.event_seats_taken: a view runs functions with the caller's rights.
            else greatest(e.capacity - coalesce((
              select sum(r.seats) from public.event_registrations r
               where r.event_id = e.id and r.status = 'confirmed'), 0), 0)::integer end as seats_left,
       e.price_amount, e.currency
from public.events e
where e.is_published;

-- The outbox: mails about a registration.
alter table public.mail_outbox
  add column registration_id uuid references public.event_registrations (id) on delete cascade,
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled'));

create index mail_outbox_registration_id_idx on public.mail_outbox (registration_id);

create table private.event_registration_throttle (
  id boolean primary key default true,
  max_registrations integer not null,
  window_seconds integer not null,
  constraint event_registration_throttle_single_row check (id),
  constraint event_registration_throttle_positive check (max_registrations > 0 and window_seconds > 0)
);

insert into private.event_registration_throttle (max_registrations, window_seconds) values (10, 600);

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
    perform private.refuse('email', 'already_registered',
      'This e-mail address is already registered for this event. Use the link in your confirmation e-mail to manage it.');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('register_for_event:client:' || client, 0));
  select t.max_registrations, t.window_seconds into limits from private.event_registration_throttle t;
  select count(*) into recent from public.event_registrations r
   where r.client_key = client and r.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_registrations then
    raise exception using errcode = 'PT429', hint = 'too_many_registrations',
      message = 'Too many registrations from your network in a short time. Please try again in a few minutes.';
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
  'Anyone (the registration page, from the browser): registers for an event, or joins its waitlist when full.';

-- Moves waitlisted registrations up, oldest first, while the first in line fits.
create or replace function private.promote_waitlist(event_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  capacity integer;
  next_in_line public.event_registrations;
begin
  select e.capacity into capacity from public.events e where e.id = promote_waitlist.event_id;
  loop
    select r.* into next_in_line from public.event_registrations r
     where r.event_id = promote_waitlist.event_id and r.status = 'waitlisted'
     order by r.created_at, r.id limit 1;
    exit when next_in_line.id is null;
    exit when capacity is not null and capacity - private.event_seats_taken(promote_waitlist.event_id) < next_in_line.seats;
    update public.event_registrations r set status = 'confirmed', promoted_at = now() where r.id = next_in_line.id;
    insert into public.mail_outbox (kind, registration_id, recipient)
    values ('event_registration_promoted', next_in_line.id, next_in_line.email);
    next_in_line := null;
  end loop;
end;
$$;

revoke all on function private.promote_waitlist(uuid) from public;

-- A registration read by its mailed token (the cancel page); null for an unknown token.
create or replace function public.get_event_registration(token text)
returns table (status text, name text, seats integer, event_title text, event_slug text, starts_at timestamptz,
               ends_at timestamptz, venue text)
language sql
stable
security definer
set search_path = ''
as $$
  select r.status, r.name, r.seats, e.title, e.slug, e.starts_at, e.ends_at, e.venue
    from public.event_registrations r join public.events e on e.id = r.event_id
   where r.token = get_event_registration.token and get_event_registration.token ~ '^[A-Za-z0-9_-]{43}$';
$$;

-- Cancels by the mailed token; the freed seats go to the waitlist. Answers the registration's
-- status afterwards ('cancelled'), or nothing for an unknown token. Cancelling twice is harmless.
create or replace function public.cancel_event_registration(token text)
returns table (status text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration public.event_registrations;
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return;
  end if;
  select r.* into registration from public.event_registrations r where r.token = cancel_event_registration.token;
  if registration.id is null then
    return;
  end if;
  perform 1 from public.events e where e.id = registration.event_id for update;
  update public.event_registrations r
     set status = 'cancelled', cancelled_at = now(), checked_in_at = null
   where r.id = registration.id and r.status <> 'cancelled'
  returning r.* into registration;
  if found then
    insert into public.mail_outbox (kind, registration_id, recipient)
    values ('event_registration_cancelled', registration.id, registration.email);
    perform private.promote_waitlist(registration.event_id);
  end if;
  return query select 'cancelled'::text;
end;
$$;

-- What the mail worker renders a registration's mails from.
create or replace function public.registration_mail_document(registration_id uuid)
returns table (name text, email text, seats integer, status text, token text, event_id uuid, event_title text,
               event_slug text, description text, venue text, mode text, starts_at timestamptz, ends_at timestamptz,
               waitlist_position integer)
language sql
stable
security definer
set search_path = ''
as $$
  select r.name, r.email, r.seats, r.status, r.token, e.id, e.title, e.slug, e.description, e.venue, e.mode,
         e.starts_at, e.ends_at,
         case when r.status = 'waitlisted' then (
           select count(*)::integer from public.event_registrations w
            where w.event_id = r.event_id and w.status = 'waitlisted' and (w.created_at, w.id) <= (r.created_at, r.id))
         end
    from public.event_registrations r join public.events e on e.id = r.event_id
   where r.id = registration_id;
$$;

revoke all on function public.register_for_event(text, text, text, text, text, integer) from public;
revoke all on function public.get_event_registration(text) from public;
revoke all on function public.cancel_event_registration(text) from public;
revoke all on function public.registration_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.register_for_event(text, text, text, text, text, integer) to anon, authenticated;
grant execute on function public.get_event_registration(text) to anon, authenticated;
grant execute on function public.cancel_event_registration(text) to anon, authenticated;
grant execute on function public.registration_mail_document(uuid) to service_role;

-- Staff: counts per event for the admin list. A security-invoker function, not a view (every
-- view here runs as its owner, see supabase/tests/schema.test.ts): RLS on event_registrations
-- lets staff, and only staff, count.
create or replace function public.event_registration_counts()
returns table (event_id uuid, confirmed_seats integer, confirmed integer, waitlisted integer, cancelled integer,
               checked_in integer)
language sql
stable
set search_path = ''
as $$
  select r.event_id,
         coalesce(sum(r.seats) filter (where r.status = 'confirmed'), 0)::integer,
         (count(*) filter (where r.status = 'confirmed'))::integer,
         (count(*) filter (where r.status = 'waitlisted'))::integer,
         (count(*) filter (where r.status = 'cancelled'))::integer,
         (count(*) filter (where r.checked_in_at is not null))::integer
    from public.event_registrations r
   group by r.event_id;
$$;

comment on function public.event_registration_counts() is 'Staff (RLS of event_registrations applies): registrations per event.';

revoke all on function public.event_registration_counts() from public, anon;
grant execute on function public.event_registration_counts() to authenticated;
