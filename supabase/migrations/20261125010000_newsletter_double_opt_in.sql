-- Newsletter double opt-in (issue 13): an address is only on the list once its owner confirmed
-- it through the link mailed to it. States: pending (asked, not confirmed) -> confirmed ->
-- unsubscribed (-> pending again on a new sign-up). One token per subscriber, 256 random bits,
-- serves the confirmation link and the unsubscribe link; consent (what was agreed to, and
-- when) is recorded at confirmation, as Kenya's Data Protection Act 2019 expects.
--
-- The mails go through the outbox (rows written in the same transaction), so the mail worker
-- gains the subscriber as a second thing a mail can be about.
--
-- Throttle: the send-newsletter-subscription-email function passes the client's IP; at most
-- private.newsletter_throttle.max_requests sign-ups per client per window (as postgres, a test
-- stack may raise it).

alter table public.newsletter_subscribers
  add column status text not null default 'pending',
  add column token text,
  add column requested_at timestamptz not null default now(),
  add column confirmation_sent_at timestamptz,
  add column confirmed_at timestamptz,
  add column consent_text text,
  add column consented_at timestamptz;

-- Addresses on the list before double opt-in stay on it as they were.
update public.newsletter_subscribers
   set status = case when unsubscribed_at is null then 'confirmed' else 'unsubscribed' end,
       confirmed_at = created_at,
       requested_at = created_at,
       consent_text = 'Subscribed through the website footer before double opt-in',
       consented_at = created_at;

update public.newsletter_subscribers
   set token = translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_')
 where token is null;

alter table public.newsletter_subscribers
  alter column token set not null,
  alter column token set default translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_'),
  add constraint newsletter_subscribers_token_key unique (token),
  add constraint newsletter_subscribers_status_known check (status in ('pending', 'confirmed', 'unsubscribed')),
  add constraint newsletter_subscribers_confirmed_has_consent check (
    status <> 'confirmed' or (confirmed_at is not null and consented_at is not null and consent_text is not null)),
  add constraint newsletter_subscribers_unsubscribed_has_time check (status <> 'unsubscribed' or unsubscribed_at is not null);

comment on column public.newsletter_subscribers.status is 'pending: asked, not confirmed (not on the list); confirmed: on the list; unsubscribed.';
comment on column public.newsletter_subscribers.consent_text is 'What the subscriber agreed to when confirming (Data Protection Act 2019: proof of consent).';

-- The outbox: mails about a subscriber.
alter table public.mail_outbox
  add column subscriber_id uuid references public.newsletter_subscribers (id) on delete cascade,
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'newsletter_confirmation', 'newsletter_welcome'));

create index mail_outbox_subscriber_id_idx on public.mail_outbox (subscriber_id);

-- Per-client throttle of sign-ups: a log of requests and one settings row.
create table private.newsletter_throttle (
  id boolean primary key default true,
  max_requests integer not null,
  window_seconds integer not null,
  constraint newsletter_throttle_single_row check (id),
  constraint newsletter_throttle_positive check (max_requests > 0 and window_seconds > 0)
);

insert into private.newsletter_throttle (max_requests, window_seconds) values (5, 600);

create table private.newsletter_requests (
  client_key text not null,
  requested_at timestamptz not null default now()
);

create index newsletter_requests_client_idx on private.newsletter_requests (client_key, requested_at);

-- The confirmation text the subscriber agrees to by confirming.
create or replace function private.newsletter_consent_text()
returns text
language sql
immutable
set search_path = ''
as $$
  select 'I agree to receive the Ascent newsletter by e-mail (news, programmes and events) and know I can unsubscribe at any time through the link in every e-mail.';
$$;

-- A sign-up (service role only: the function validated the address and knows the client).
-- outcome: 'pending' (a confirmation mail is queued), 'already_pending' (a confirmation went out
-- less than 10 minutes ago: nothing more is sent), 'already_confirmed' (nothing sent), or
-- 'throttled' with retry_after in seconds.
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

  -- One row per address: the unique key decides between concurrent sign-ups.
  insert into public.newsletter_subscribers as s (email, source)
  values (address, left(coalesce(nullif(btrim(newsletter_subscribe.source), ''), 'footer'), 50))
  on conflict on constraint newsletter_subscribers_email_key do nothing
  returning s.* into subscriber;

  if subscriber.id is null then
    select s.* into subscriber from public.newsletter_subscribers s where s.email = address for update;
    if subscriber.status = 'confirmed' then
      return query select 'already_confirmed'::text, null::integer;
      return;
    end if;
    if subscriber.status = 'pending' and subscriber.confirmation_sent_at > now() - interval '10 minutes' then
      return query select 'already_pending'::text, null::integer;
      return;
    end if;
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

-- Confirms by the mailed token; null when the token is unknown. A pending address becomes
-- confirmed (consent recorded) and gets a welcome mail; any other state is answered as it is.
create or replace function public.newsletter_confirm(token text)
returns table (status text, email text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  subscriber public.newsletter_subscribers;
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return;
  end if;
  update public.newsletter_subscribers s
     set status = 'confirmed', confirmed_at = now(), consented_at = now(),
         consent_text = private.newsletter_consent_text(), unsubscribed_at = null
   where s.token = newsletter_confirm.token and s.status = 'pending'
  returning s.* into subscriber;
  if subscriber.id is not null then
    insert into public.mail_outbox (kind, subscriber_id, recipient)
    values ('newsletter_welcome', subscriber.id, subscriber.email);
  else
    select s.* into subscriber from public.newsletter_subscribers s where s.token = newsletter_confirm.token;
    if subscriber.id is null then
      return;
    end if;
  end if;
  return query select subscriber.status, subscriber.email;
end;
$$;

comment on function public.newsletter_confirm(text) is 'Anyone with the mailed token: confirms a pending newsletter sign-up.';

-- Unsubscribes by the mailed token (the /unsubscribe page and RFC 8058 one-click POST).
create or replace function public.newsletter_unsubscribe(token text)
returns table (status text, email text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return;
  end if;
  return query
  update public.newsletter_subscribers s
     set status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, now())
   where s.token = newsletter_unsubscribe.token
  returning s.status, s.email;
end;
$$;

comment on function public.newsletter_unsubscribe(text) is 'Anyone with the mailed token: takes the address off the newsletter list.';

-- What the mail worker renders a subscriber's mail from.
create or replace function public.newsletter_mail_document(subscriber_id uuid)
returns table (email text, token text, status text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.email, s.token, s.status from public.newsletter_subscribers s where s.id = subscriber_id;
$$;

revoke all on function public.newsletter_subscribe(text, text, text) from public, anon, authenticated;
revoke all on function public.newsletter_mail_document(uuid) from public, anon, authenticated;
revoke all on function public.newsletter_confirm(text) from public;
revoke all on function public.newsletter_unsubscribe(text) from public;
revoke all on function private.newsletter_consent_text() from public;
grant execute on function public.newsletter_subscribe(text, text, text) to service_role;
grant execute on function public.newsletter_mail_document(uuid) to service_role;
grant execute on function public.newsletter_confirm(text) to anon, authenticated, service_role;
grant execute on function public.newsletter_unsubscribe(text) to anon, authenticated, service_role;
