-- A campaign's mails queued in batches (issue 32, the 20,000-subscriber send): sending a
-- campaign to 20,000 subscribers snapshotted the audience and queued every outbox row in one
-- transaction of ~37 s. Now the snapshot stays one statement (the audience is taken once, at one
-- moment) and the queueing is a step of bounded batches:
--
--  * send_newsletter_campaign snapshots the recipients and queues the first batch (a small
--    campaign: all of it, as before);
--  * the mail worker calls queue_newsletter_campaign_batch at the start of each run (and every
--    few seconds of a long run): it queues the next batch of every campaign still sending.
--
-- Each batch is one transaction and queues only recipients still `queued` with no mail yet (the
-- unique index on the outbox's campaign recipient): a worker killed mid-batch leaves the batch
-- whole or absent, and the next run carries on where the last committed batch ended. Nothing is
-- queued twice, so nothing is sent twice; the outbox's at-most-once rules do the rest (a mail
-- claimed when the worker died becomes `uncertain`, never resent).
--
-- Redefines private.queue_newsletter_campaign_mails (latest: 20261129000200_newsletter_campaign_send_at)
-- with an optional bound, and send_newsletter_campaign (latest: 20261129000050_newsletter_interests).

drop function private.queue_newsletter_campaign_mails(uuid);

-- Queues the mails of up to max_mails (null: all) of a campaign's queued recipients that have
-- none yet, throttled after the campaign's mails already waiting; recipients who left the list
-- meanwhile are skipped. Returns how many mails it queued.
create function private.queue_newsletter_campaign_mails(campaign_id uuid, max_mails integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  per_minute integer;
  starts timestamptz;
  last_due timestamptz;
  queued integer;
begin
  update public.newsletter_campaign_recipients r
     set state = 'skipped'
    from public.newsletter_subscribers s
   where r.campaign_id = queue_newsletter_campaign_mails.campaign_id and r.state = 'queued'
     and s.id = r.subscriber_id and s.status <> 'confirmed';

  select t.mails_per_minute into per_minute from private.newsletter_campaign_settings t;
  select greatest(now(), c.send_at) into starts from public.newsletter_campaigns c
   where c.id = queue_newsletter_campaign_mails.campaign_id;
  -- The campaign's last mail still waiting: the next batch follows it at the same pace.
  select max(m.next_attempt_at) into last_due
    from public.mail_outbox m
    join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
   where m.kind = 'newsletter_campaign' and m.status = 'pending' and r.campaign_id = queue_newsletter_campaign_mails.campaign_id;
  -- Mail n (from 0) of this batch is due n / per_minute minutes after the start, or after the
  -- last mail waiting (n + 1 then, so no two share a moment).
  with unqueued as (
    select r.id, r.created_at, s.email
      from public.newsletter_campaign_recipients r
      join public.newsletter_subscribers s on s.id = r.subscriber_id
     where r.campaign_id = queue_newsletter_campaign_mails.campaign_id and r.state = 'queued'
       and not exists (select 1 from public.mail_outbox m where m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id)
     order by r.created_at, r.id
     limit max_mails
  ),
  numbered as (
    select u.id, u.email, row_number() over (order by u.created_at, u.id) - 1 as n from unqueued u
  ),
  inserted as (
    insert into public.mail_outbox (kind, campaign_recipient_id, recipient, next_attempt_at)
    select 'newsletter_campaign', u.id, u.email,
           case when last_due is null or last_due < starts
                then starts + make_interval(secs => u.n * 60.0 / per_minute)
                else last_due + make_interval(secs => (u.n + 1) * 60.0 / per_minute) end
      from numbered u
    on conflict (campaign_recipient_id) where kind = 'newsletter_campaign' do nothing
    returning 1
  )
  select count(*) into queued from inserted;
  return queued;
end;
$$;
revoke all on function private.queue_newsletter_campaign_mails(uuid, integer) from public;

-- How many mails send_newsletter_campaign queues itself, and the mail worker per campaign and
-- step: a batch of 500 is a transaction of well under a second.
alter table private.newsletter_campaign_settings
  add column queue_batch_size integer not null default 500,
  add constraint newsletter_campaign_settings_queue_batch_size check (queue_batch_size between 1 and 10000);

create or replace function private.campaign_queue_batch_size()
returns integer
language sql
stable
security definer
set search_path = ''
as $$ select t.queue_batch_size from private.newsletter_campaign_settings t $$;
revoke all on function private.campaign_queue_batch_size() from public;

-- The worker's step: the next batch of each campaign still sending that has recipients without
-- mail (a campaign being queued by another worker is left to it). Returns the mails queued.
create or replace function public.queue_newsletter_campaign_batch()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  campaign uuid;
  total integer := 0;
begin
  for campaign in
    select c.id from public.newsletter_campaigns c
     where c.state = 'sending'
       and exists (select 1 from public.newsletter_campaign_recipients r
                    where r.campaign_id = c.id and r.state = 'queued'
                      and not exists (select 1 from public.mail_outbox m
                                       where m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id))
     order by c.send_started_at, c.id
     for update skip locked
  loop
    total := total + private.queue_newsletter_campaign_mails(campaign, private.campaign_queue_batch_size());
    perform private.finish_newsletter_campaign(campaign);
  end loop;
  return total;
end;
$$;

comment on function public.queue_newsletter_campaign_batch() is
  'Worker only (service role): queues the next batch of mails of every campaign still sending.';
revoke all on function public.queue_newsletter_campaign_batch() from public, anon, authenticated;
grant execute on function public.queue_newsletter_campaign_batch() to service_role;

-- Sends a campaign: the first call snapshots the audience (once) and queues the first batch; the
-- mail worker queues the rest. A later call on a campaign still sending queues the next batch.
-- Returns the campaign's recipients and the mails this call queued.
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
    select campaign.id, s.id from public.newsletter_subscribers s
     where s.status = 'confirmed'
       and (campaign.audience = 'all_confirmed'
            or exists (select 1 from public.newsletter_subscriber_interests i
                        where i.subscriber_id = s.id and i.topic = campaign.audience_topic))
    on conflict on constraint newsletter_campaign_recipients_pair_key do nothing;
  end if;

  newly := private.queue_newsletter_campaign_mails(campaign.id, private.campaign_queue_batch_size());
  perform private.finish_newsletter_campaign(campaign.id);
  return query
    select count(*)::integer, newly from public.newsletter_campaign_recipients r where r.campaign_id = campaign.id;
end;
$$;
