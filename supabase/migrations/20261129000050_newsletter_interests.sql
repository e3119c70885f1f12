-- Newsletter interests (issue 32): on the confirmation page a subscriber may choose topics (the
-- published programs' categories, and events); a campaign may go to the confirmed subscribers
-- interested in one topic. Each choice is stored with the consent text shown and its time.
--
-- Redefines send_newsletter_campaign (latest: 20261128260000_newsletter_campaigns) only in its
-- snapshot: by interest, only the subscribers who chose the campaign's topic.

-- The topics offered: every published program category, and events.
create or replace function public.newsletter_topics()
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select topic from (
    select distinct p.category as topic from public.training_programs p where p.is_published
    union select 'Events'
  ) t order by topic = 'Events', topic;
$$;

comment on function public.newsletter_topics() is 'Anyone: the topics a newsletter subscriber may choose (published program categories, and Events).';

create table public.newsletter_subscriber_interests (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  topic text not null,
  consent_text text not null,
  consented_at timestamptz not null default now(),
  constraint newsletter_subscriber_interests_pair_key unique (subscriber_id, topic),
  constraint newsletter_subscriber_interests_topic_length check (length(btrim(topic)) between 1 and 200)
);

comment on table public.newsletter_subscriber_interests is
  'The topics a subscriber chose on the confirmation page, with the consent text shown (newsletter_set_interests).';

create index newsletter_subscriber_interests_topic_idx on public.newsletter_subscriber_interests (topic, subscriber_id);

create trigger newsletter_subscriber_interests_audit
  after insert or update or delete on public.newsletter_subscriber_interests
  for each row execute function private.audit_row_change();

alter table public.newsletter_subscriber_interests enable row level security;
revoke all on table public.newsletter_subscriber_interests from anon, authenticated;
grant select on table public.newsletter_subscriber_interests to authenticated;
create policy newsletter_subscriber_interests_select_staff on public.newsletter_subscriber_interests
  for select to authenticated
  using ((select private.staff_may('newsletter_subscriber_interests', false)));

insert into private.staff_access (relation, role, may_write) values
  ('newsletter_subscriber_interests', 'marketing', false);

-- Replaces a confirmed subscriber's topics by the mailed token. Unknown topics are refused in
-- words; an unknown token, or an address not confirmed, answers false and changes nothing.
create or replace function public.newsletter_set_interests(token text, topics text[])
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  subscriber uuid;
  unknown text;
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    return false;
  end if;
  if coalesce(cardinality(topics), 0) > 50 then
    perform private.refuse('topics', 'too_many_topics', 'Choose at most 50 topics.');
  end if;
  select t into unknown from unnest(coalesce(topics, '{}')) t
   where t not in (select public.newsletter_topics()) limit 1;
  if unknown is not null then
    perform private.refuse('topics', 'unknown_topic', format('There is no newsletter topic “%s”.', unknown));
  end if;
  select s.id into subscriber from public.newsletter_subscribers s
   where s.token = newsletter_set_interests.token and s.status = 'confirmed';
  if subscriber is null then
    return false;
  end if;
  delete from public.newsletter_subscriber_interests i
   where i.subscriber_id = subscriber and i.topic <> all (coalesce(topics, '{}'));
  insert into public.newsletter_subscriber_interests (subscriber_id, topic, consent_text)
  select subscriber, t, 'I want newsletter mail about: ' || t
    from (select distinct unnest(coalesce(topics, '{}')) as t) chosen
  on conflict (subscriber_id, topic) do nothing;
  return true;
end;
$$;

comment on function public.newsletter_set_interests(text, text[]) is
  'Anyone with the mailed token: a confirmed subscriber''s chosen topics (replaces the earlier choice).';

-- A subscriber's current topics by token (the confirmation page ticks them).
create or replace function public.newsletter_interests(token text)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select i.topic from public.newsletter_subscriber_interests i
    join public.newsletter_subscribers s on s.id = i.subscriber_id
   where token ~ '^[A-Za-z0-9_-]{43}$' and s.token = newsletter_interests.token and s.status = 'confirmed'
   order by i.topic;
$$;

comment on function public.newsletter_interests(text) is 'Anyone with the mailed token: a confirmed subscriber''s chosen topics.';

-- A campaign's audience: every confirmed subscriber, or those interested in one topic.
alter table public.newsletter_campaigns
  add column audience_topic text,
  drop constraint newsletter_campaigns_audience_known,
  add constraint newsletter_campaigns_audience_known check (
    (audience = 'all_confirmed' and audience_topic is null)
    or (audience = 'interest' and audience_topic is not null and length(btrim(audience_topic)) between 1 and 200));

comment on column public.newsletter_campaigns.audience_topic is 'With audience ''interest'': the topic whose subscribers receive the campaign.';

grant insert (audience_topic), update (audience_topic) on table public.newsletter_campaigns to authenticated;

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

  newly := private.queue_newsletter_campaign_mails(campaign.id);
  perform private.finish_newsletter_campaign(campaign.id);
  return query
    select count(*)::integer, newly from public.newsletter_campaign_recipients r where r.campaign_id = campaign.id;
end;
$$;

revoke all on function public.newsletter_topics(), public.newsletter_set_interests(text, text[]),
  public.newsletter_interests(text) from public;
grant execute on function public.newsletter_topics(), public.newsletter_set_interests(text, text[]),
  public.newsletter_interests(text) to anon, authenticated, service_role;
