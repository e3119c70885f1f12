-- The welcome (issue 32, item 5): a subscriber who confirms gets the latest issue besides the
-- welcome mail (newsletter_welcome), so the list's first news is not a month away. The latest campaign sent to every confirmed subscriber (one by
-- interest was for others' topics) whose sending ended in the last 45 days (the footer promises
-- one e-mail a month; an older one is stale news) is queued to them through the campaign's own
-- recipients and the outbox, so the unsubscribe link, the headers, the at-most-once rules and the
-- campaign's results are those of any other copy. Someone who already had it (left, then came
-- back) does not get it twice: one recipient row per campaign and subscriber. A campaign still
-- sending keeps its snapshot: those who confirm meanwhile are welcomed by the next one. Only the
-- confirmation (pending to confirmed) welcomes: rows written as confirmed (an import) get nothing.

create or replace function private.welcome_newsletter_subscriber()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  latest uuid;
begin
  select c.id into latest
    from public.newsletter_campaigns c
   where c.state = 'sent' and c.audience = 'all_confirmed' and c.sent_at > now() - interval '45 days'
   order by c.sent_at desc
   limit 1;
  if latest is null then
    return null;
  end if;
  insert into public.newsletter_campaign_recipients (campaign_id, subscriber_id)
  values (latest, new.id)
  on conflict do nothing;
  if found then
    perform private.queue_newsletter_campaign_mails(latest);
  end if;
  return null;
end;
$$;

comment on function private.welcome_newsletter_subscriber() is
  'On confirming: queues the latest campaign sent to all confirmed subscribers in the last 45 days to the new subscriber, once.';
revoke all on function private.welcome_newsletter_subscriber() from public;

create trigger newsletter_subscribers_welcome
  after update of status on public.newsletter_subscribers
  for each row
  when (new.status = 'confirmed' and old.status is distinct from 'confirmed')
  execute function private.welcome_newsletter_subscriber();
