-- A campaign sent "at a time" (issue 32): send_at, when set, is the earliest moment its first
-- mail becomes due. Sending queues every mail at once, throttled from that moment; the worker
-- claims none before it, and stopping the campaign meanwhile withdraws them all.
--
-- Redefines private.queue_newsletter_campaign_mails (latest: 20261128260000_newsletter_campaigns)
-- only in the moment the first mail is due.

alter table public.newsletter_campaigns add column send_at timestamptz;

comment on column public.newsletter_campaigns.send_at is 'The earliest moment its mails go out once sent (null: at once).';

grant insert (send_at), update (send_at) on table public.newsletter_campaigns to authenticated;

create or replace function private.queue_newsletter_campaign_mails(campaign_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  per_minute integer;
  starts timestamptz;
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
  -- Mail n (from 0) becomes due n / per_minute minutes after the start, after any of the
  -- campaign's mails already waiting, so a resumed send keeps the pace.
  with waiting as (
    select coalesce(max(m.next_attempt_at), starts) as from_time
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
           greatest(w.from_time, starts) + make_interval(secs => u.n * 60.0 / per_minute)
      from unqueued u cross join waiting w
    on conflict (campaign_recipient_id) where kind = 'newsletter_campaign' do nothing
    returning 1
  )
  select count(*) into queued from inserted;
  return queued;
end;
$$;
revoke all on function private.queue_newsletter_campaign_mails(uuid) from public;
