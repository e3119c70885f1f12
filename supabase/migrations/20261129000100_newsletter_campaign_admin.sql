-- The campaigns admin screen (issue 32): a test send to oneself and each campaign's results.
--
-- A test send goes only to the calling staff member's own address (public.staff.email): the
-- function takes no address, so the screen cannot be used to mail anyone else. It is a mail of
-- its own kind, about the campaign rather than a recipient, and any campaign state may be
-- tested. The results count the recipients by state, the ones who unsubscribed after their mail
-- was sent ("unsubscribed by it"), and the mails sent per minute for the chart.

alter table public.mail_outbox
  add column campaign_id uuid references public.newsletter_campaigns (id) on delete cascade;

comment on column public.mail_outbox.campaign_id is 'The campaign a newsletter_campaign_test mail previews.';

alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued', 'newsletter_campaign', 'newsletter_campaign_test'));

create index mail_outbox_campaign_test_idx on public.mail_outbox (campaign_id) where campaign_id is not null;

-- Queues the campaign to the caller's own staff address. Returns that address.
create or replace function public.send_newsletter_campaign_test(campaign_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  own_address text;
begin
  perform private.require_campaign_staff();
  if not exists (select 1 from public.newsletter_campaigns c where c.id = send_newsletter_campaign_test.campaign_id) then
    perform private.refuse('campaign_id', 'campaign_not_found', 'There is no such campaign.');
  end if;
  select s.email into own_address from public.staff s where s.user_id = (select auth.uid());
  if own_address is null then
    perform private.refuse('campaign_id', 'no_staff_address', 'Your staff account has no e-mail address to send the test to.');
  end if;
  insert into public.mail_outbox (kind, campaign_id, recipient)
  values ('newsletter_campaign_test', send_newsletter_campaign_test.campaign_id, own_address);
  return own_address;
end;
$$;

comment on function public.send_newsletter_campaign_test(uuid) is
  'Marketing: sends the campaign as a test to the caller''s own staff address, never to anyone else.';

-- What the worker needs for a test mail.
create or replace function public.newsletter_campaign_test_document(campaign_id uuid)
returns table (subject text, preheader text, body_text text, body_html text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.subject, c.preheader, c.body_text, c.body_html
    from public.newsletter_campaigns c where c.id = newsletter_campaign_test_document.campaign_id;
$$;

comment on function public.newsletter_campaign_test_document(uuid) is 'Worker only (service role): a campaign for its test mail.';

-- Each campaign with its recipients counted by state (the screen's list).
create or replace function public.newsletter_campaign_results()
returns table (
  id uuid,
  subject text,
  audience_topic text,
  state text,
  created_at timestamptz,
  send_started_at timestamptz,
  queued integer,
  sent integer,
  failed integer,
  uncertain integer,
  skipped integer,
  unsubscribed integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('newsletter_campaigns', false) then
    raise exception using errcode = '42501', message = 'Only the marketing team may see newsletter campaigns.';
  end if;
  return query
    select c.id, c.subject, c.audience_topic, c.state, c.created_at, c.send_started_at,
           count(r.id) filter (where r.state = 'queued')::integer,
           count(r.id) filter (where r.state = 'sent')::integer,
           count(r.id) filter (where r.state = 'failed')::integer,
           count(r.id) filter (where r.state = 'uncertain')::integer,
           count(r.id) filter (where r.state = 'skipped')::integer,
           -- Unsubscribed after this campaign's mail reached them.
           count(r.id) filter (where r.state = 'sent' and s.unsubscribed_at >= r.updated_at)::integer
      from public.newsletter_campaigns c
      left join public.newsletter_campaign_recipients r on r.campaign_id = c.id
      left join public.newsletter_subscribers s on s.id = r.subscriber_id
     group by c.id
     order by c.created_at desc;
end;
$$;

comment on function public.newsletter_campaign_results() is 'Marketing: every campaign with its recipients counted by outcome.';

-- Mails of a campaign sent per minute (the screen's chart over time).
create or replace function public.newsletter_campaign_timeline(campaign_id uuid)
returns table (minute timestamptz, sent integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('newsletter_campaigns', false) then
    raise exception using errcode = '42501', message = 'Only the marketing team may see newsletter campaigns.';
  end if;
  return query
    select date_trunc('minute', m.sent_at), count(*)::integer
      from public.mail_outbox m
      join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
     where m.kind = 'newsletter_campaign' and m.status = 'sent'
       and r.campaign_id = newsletter_campaign_timeline.campaign_id
     group by 1 order by 1;
end;
$$;

comment on function public.newsletter_campaign_timeline(uuid) is 'Marketing: a campaign''s mails sent per minute.';

revoke all on function public.send_newsletter_campaign_test(uuid), public.newsletter_campaign_results(),
  public.newsletter_campaign_timeline(uuid), public.newsletter_campaign_test_document(uuid) from public, anon;
grant execute on function public.send_newsletter_campaign_test(uuid), public.newsletter_campaign_results(),
  public.newsletter_campaign_timeline(uuid) to authenticated, service_role;
revoke all on function public.newsletter_campaign_test_document(uuid) from authenticated;
grant execute on function public.newsletter_campaign_test_document(uuid) to service_role;
