-- Newsletter campaigns (issue 32, item 1): marketing writes a campaign and sends it to the
-- confirmed subscribers through the mail outbox and its at-most-once rules.
--
-- Sending snapshots the confirmed subscribers into newsletter_campaign_recipients once (the
-- unique (campaign, subscriber) pair), and queues one outbox row per recipient (a unique index
-- on the recipient), spread over time by a throttle (mails per minute, a setting) through the
-- rows' next_attempt_at. Calling send again queues nothing twice; it only queues recipients
-- that have no mail yet (a crash between the two steps). A subscriber who leaves the list
-- during a send has their pending mail withdrawn and is recorded skipped; stopping a campaign
-- withdraws every pending mail of it. A mail the worker has already claimed is past recall.

-- The throttle: mails per minute a campaign queues (as postgres; a test stack may raise it).
create table private.newsletter_campaign_settings (
  id boolean primary key default true,
  mails_per_minute integer not null,
  constraint newsletter_campaign_settings_single_row check (id),
  constraint newsletter_campaign_settings_positive check (mails_per_minute between 1 and 100000)
);

insert into private.newsletter_campaign_settings (mails_per_minute) values (120);

create table public.newsletter_campaigns (
  id uuid primary key default gen_random_uuid(),
  subject text not null,
  preheader text,
  body_text text not null,
  body_html text not null,
  audience text not null default 'all_confirmed',
  state text not null default 'draft',
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  send_started_at timestamptz,
  stopped_at timestamptz,
  sent_at timestamptz,
  constraint newsletter_campaigns_subject_length check (length(btrim(subject)) between 1 and 200),
  constraint newsletter_campaigns_preheader_length check (preheader is null or length(preheader) <= 200),
  constraint newsletter_campaigns_body_text_length check (length(btrim(body_text)) between 1 and 100000),
  constraint newsletter_campaigns_body_html_length check (length(btrim(body_html)) between 1 and 200000),
  constraint newsletter_campaigns_audience_known check (audience in ('all_confirmed')),
  constraint newsletter_campaigns_state_known check (state in ('draft', 'sending', 'stopped', 'sent'))
);

comment on table public.newsletter_campaigns is
  'A newsletter mail written by marketing: draft -> sending -> sent, or stopped midway (send_newsletter_campaign, stop_newsletter_campaign).';

create table public.newsletter_campaign_recipients (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.newsletter_campaigns (id) on delete cascade,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  state text not null default 'queued',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint newsletter_campaign_recipients_pair_key unique (campaign_id, subscriber_id),
  constraint newsletter_campaign_recipients_state_known check (state in ('queued', 'sent', 'failed', 'uncertain', 'skipped'))
);

comment on table public.newsletter_campaign_recipients is
  'Who a campaign goes to, snapshotted once when it is sent, and what became of each mail (the outbox row''s outcome, or skipped).';

create index newsletter_campaign_recipients_subscriber_idx on public.newsletter_campaign_recipients (subscriber_id);
create index newsletter_campaign_recipients_state_idx on public.newsletter_campaign_recipients (campaign_id, state);

create trigger newsletter_campaigns_touch_updated_at
  before update on public.newsletter_campaigns
  for each row execute function private.touch_updated_at();
create trigger newsletter_campaign_recipients_touch_updated_at
  before update on public.newsletter_campaign_recipients
  for each row execute function private.touch_updated_at();
create trigger newsletter_campaigns_audit
  after insert or update or delete on public.newsletter_campaigns
  for each row execute function private.audit_row_change();
create trigger newsletter_campaign_recipients_audit
  after insert or update or delete on public.newsletter_campaign_recipients
  for each row execute function private.audit_row_change();

-- RLS: marketing (and admin) read and write drafts; the state and the recipients change only
-- through the functions below.
alter table public.newsletter_campaigns enable row level security;
alter table public.newsletter_campaign_recipients enable row level security;
revoke all on table public.newsletter_campaigns, public.newsletter_campaign_recipients from anon, authenticated;
grant select, delete on table public.newsletter_campaigns to authenticated;
grant insert (subject, preheader, body_text, body_html, audience) on table public.newsletter_campaigns to authenticated;
grant update (subject, preheader, body_text, body_html, audience) on table public.newsletter_campaigns to authenticated;
grant select on table public.newsletter_campaign_recipients to authenticated;

create policy newsletter_campaigns_select_staff on public.newsletter_campaigns
  for select to authenticated
  using ((select private.staff_may('newsletter_campaigns', false)));
create policy newsletter_campaigns_insert_staff on public.newsletter_campaigns
  for insert to authenticated
  with check ((select private.staff_may('newsletter_campaigns', true)) and state = 'draft');
-- Only a draft is edited or deleted: what was sent stays as it was sent.
create policy newsletter_campaigns_update_staff on public.newsletter_campaigns
  for update to authenticated
  using ((select private.staff_may('newsletter_campaigns', true)) and state = 'draft')
  with check ((select private.staff_may('newsletter_campaigns', true)) and state = 'draft');
create policy newsletter_campaigns_delete_staff on public.newsletter_campaigns
  for delete to authenticated
  using ((select private.staff_may('newsletter_campaigns', true)) and state = 'draft');
create policy newsletter_campaign_recipients_select_staff on public.newsletter_campaign_recipients
  for select to authenticated
  using ((select private.staff_may('newsletter_campaign_recipients', false)));

insert into private.staff_access (relation, role, may_write) values
  ('newsletter_campaigns', 'marketing', true),
  ('newsletter_campaign_recipients', 'marketing', true);

-- The outbox: a campaign mail is about one recipient row, queued once.
alter table public.mail_outbox
  add column campaign_recipient_id uuid references public.newsletter_campaign_recipients (id) on delete cascade;

comment on column public.mail_outbox.campaign_recipient_id is 'The campaign recipient a newsletter_campaign mail goes to.';

alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued', 'newsletter_campaign'));

create unique index mail_outbox_newsletter_campaign_key on public.mail_outbox (campaign_recipient_id)
  where kind = 'newsletter_campaign';

create or replace function private.require_campaign_staff()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.staff_may('newsletter_campaigns', true) then
    raise exception using errcode = '42501', message = 'Only the marketing team may send or stop newsletter campaigns.';
  end if;
end;
$$;
revoke all on function private.require_campaign_staff() from public;
grant execute on function private.require_campaign_staff() to authenticated, service_role;

-- Queues the mails of a campaign's queued recipients that have none yet, throttled; recipients
-- who left the list meanwhile are skipped. Returns how many mails it queued.
create or replace function private.queue_newsletter_campaign_mails(campaign_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  per_minute integer;
  queued integer;
begin
  update public.newsletter_campaign_recipients r
     set state = 'skipped'
    from public.newsletter_subscribers s
   where r.campaign_id = queue_newsletter_campaign_mails.campaign_id and r.state = 'queued'
     and s.id = r.subscriber_id and s.status <> 'confirmed';

  select t.mails_per_minute into per_minute from private.newsletter_campaign_settings t;
  -- Mail n (from 0) becomes due n / per_minute minutes from now, after any of the campaign's
  -- mails already waiting, so a resumed send keeps the pace.
  with waiting as (
    select coalesce(max(m.next_attempt_at), now()) as from_time
      from public.mail_outbox m
      join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
     where m.kind = 'newsletter_campaign' and m.status = 'pending' and r.campaign_id = queue_newsletter_campaign_mails.campaign_id
  ),
  unqueued as (
    select r.id, s.email, row_number() over (order by r.created_at, r.id) - 1 as n
      from public.newsletter_campaign_recipients r
      join public.newsletter_subscribers s on s.id = r.subscriber_id
     where r.campaign_id = queue_newsletter_campaign_mails.campaign_id and r.state = 'queued'
       and not exists (select 1 from public.mail_outbox m where m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id)
  ),
  inserted as (
    insert into public.mail_outbox (kind, campaign_recipient_id, recipient, next_attempt_at)
    select 'newsletter_campaign', u.id, u.email,
           greatest(w.from_time, now()) + make_interval(secs => u.n * 60.0 / per_minute)
      from unqueued u cross join waiting w
    on conflict (campaign_recipient_id) where kind = 'newsletter_campaign' do nothing
    returning 1
  )
  select count(*) into queued from inserted;
  return queued;
end;
$$;
revoke all on function private.queue_newsletter_campaign_mails(uuid) from public;

-- Sends a campaign: the first call snapshots the confirmed subscribers (once) and queues their
-- mails; a later call on a campaign still sending queues only what is missing (nothing, unless
-- a call died halfway). Returns the campaign's recipients and the mails this call queued.
create or replace function public.send_newsletter_campaign(campaign_id uuid)
returns table (recipients integer, queued integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  campaign public.newsletter_campaigns;
  newly integer;
begin
  perform private.require_campaign_staff();
  select c.* into campaign from public.newsletter_campaigns c
   where c.id = send_newsletter_campaign.campaign_id for update;
  if campaign.id is null then
    perform private.refuse('campaign_id', 'campaign_not_found', 'There is no such campaign.');
  end if;
  if campaign.state in ('stopped', 'sent') then
    perform private.refuse('campaign_id', 'campaign_not_sendable', 'This campaign was already sent or stopped; it is not sent again.');
  end if;

  if campaign.state = 'draft' then
    update public.newsletter_campaigns c set state = 'sending', send_started_at = now() where c.id = campaign.id;
    insert into public.newsletter_campaign_recipients (campaign_id, subscriber_id)
    select campaign.id, s.id from public.newsletter_subscribers s where s.status = 'confirmed'
    on conflict on constraint newsletter_campaign_recipients_pair_key do nothing;
  end if;

  newly := private.queue_newsletter_campaign_mails(campaign.id);
  perform private.finish_newsletter_campaign(campaign.id);
  return query
    select count(*)::integer, newly from public.newsletter_campaign_recipients r where r.campaign_id = campaign.id;
end;
$$;

-- Stops a campaign midway: the mails not yet claimed by the worker are withdrawn and their
-- recipients recorded skipped. Stopping a stopped campaign changes nothing.
create or replace function public.stop_newsletter_campaign(campaign_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  campaign public.newsletter_campaigns;
begin
  perform private.require_campaign_staff();
  select c.* into campaign from public.newsletter_campaigns c
   where c.id = stop_newsletter_campaign.campaign_id for update;
  if campaign.id is null then
    perform private.refuse('campaign_id', 'campaign_not_found', 'There is no such campaign.');
  end if;
  if campaign.state = 'stopped' then
    return;
  end if;
  if campaign.state <> 'sending' then
    perform private.refuse('campaign_id', 'campaign_not_stoppable', 'Only a campaign being sent can be stopped.');
  end if;
  delete from public.mail_outbox m
   using public.newsletter_campaign_recipients r
   where m.kind = 'newsletter_campaign' and m.status = 'pending'
     and r.id = m.campaign_recipient_id and r.campaign_id = campaign.id;
  update public.newsletter_campaign_recipients r set state = 'skipped'
   where r.campaign_id = campaign.id and r.state = 'queued'
     and not exists (select 1 from public.mail_outbox m where m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id);
  update public.newsletter_campaigns c set state = 'stopped', stopped_at = now() where c.id = campaign.id;
end;
$$;

-- A sending campaign with no recipient left queued is sent.
create or replace function private.finish_newsletter_campaign(campaign_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.newsletter_campaigns c set state = 'sent', sent_at = now()
   where c.id = finish_newsletter_campaign.campaign_id and c.state = 'sending'
     and not exists (select 1 from public.newsletter_campaign_recipients r
                      where r.campaign_id = c.id and r.state = 'queued');
$$;
revoke all on function private.finish_newsletter_campaign(uuid) from public;

-- The outbox's outcome of a campaign mail becomes its recipient's state.
create or replace function private.record_campaign_mail_outcome()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  campaign uuid;
begin
  update public.newsletter_campaign_recipients r set state = new.status
   where r.id = new.campaign_recipient_id and r.state = 'queued'
  returning r.campaign_id into campaign;
  if campaign is not null then
    perform private.finish_newsletter_campaign(campaign);
  end if;
  return new;
end;
$$;
revoke all on function private.record_campaign_mail_outcome() from public;

create trigger mail_outbox_campaign_outcome
  after update of status on public.mail_outbox
  for each row
  when (new.kind = 'newsletter_campaign' and new.status in ('sent', 'failed', 'uncertain') and old.status is distinct from new.status)
  execute function private.record_campaign_mail_outcome();

-- Someone who leaves the list during a send gets nothing after that moment: their pending
-- campaign mails are withdrawn and recorded skipped.
create or replace function private.withdraw_campaign_mails()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  campaign uuid;
begin
  delete from public.mail_outbox m
   using public.newsletter_campaign_recipients r
   where m.kind = 'newsletter_campaign' and m.status = 'pending'
     and r.id = m.campaign_recipient_id and r.subscriber_id = new.id;
  for campaign in
    update public.newsletter_campaign_recipients r set state = 'skipped'
     where r.subscriber_id = new.id and r.state = 'queued'
       and not exists (select 1 from public.mail_outbox m where m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id)
    returning r.campaign_id
  loop
    perform private.finish_newsletter_campaign(campaign);
  end loop;
  return new;
end;
$$;
revoke all on function private.withdraw_campaign_mails() from public;

create trigger newsletter_subscribers_withdraw_campaign_mails
  after update of status on public.newsletter_subscribers
  for each row
  when (old.status = 'confirmed' and new.status <> 'confirmed')
  execute function private.withdraw_campaign_mails();

revoke all on function public.send_newsletter_campaign(uuid), public.stop_newsletter_campaign(uuid) from public, anon;
grant execute on function public.send_newsletter_campaign(uuid), public.stop_newsletter_campaign(uuid) to authenticated, service_role;
