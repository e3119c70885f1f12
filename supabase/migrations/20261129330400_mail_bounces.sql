-- Bounces (issue 32, item 4): a mail the receiving server refuses for good (an SMTP 5xx reply:
-- no such mailbox, no such domain) was retried for a day like a server that is down, then failed.
-- Now the worker records it at once (record_mail_bounce): the mail fails without retries, and a
-- newsletter subscriber at that address counts a hard bounce. Repeated hard bounces (the setting
-- hard_bounce_limit, 3) turn a confirmed subscriber 'bounced': inactive, out of every audience
-- (campaigns go to 'confirmed' only) and their pending campaign mails withdrawn by the existing
-- trigger. Confirming again (a new sign-up) starts the count afresh.

alter table private.newsletter_campaign_settings
  add column hard_bounce_limit integer not null default 3,
  add constraint newsletter_campaign_settings_bounce_limit check (hard_bounce_limit between 1 and 100);

alter table public.newsletter_subscribers
  add column hard_bounces integer not null default 0,
  add column bounced_at timestamptz,
  add constraint newsletter_subscribers_hard_bounces_positive check (hard_bounces >= 0),
  drop constraint newsletter_subscribers_status_known,
  add constraint newsletter_subscribers_status_known check (status in ('pending', 'confirmed', 'unsubscribed', 'bounced'));

comment on column public.newsletter_subscribers.hard_bounces is
  'Mails to this address refused for good (SMTP 5xx) since it last confirmed.';
comment on column public.newsletter_subscribers.bounced_at is
  'When repeated hard bounces made the subscriber inactive (status bounced).';

create or replace function public.record_mail_bounce(message_id uuid, claim uuid, error text, smtp_code integer)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  bounced_to text;
  bounce_limit integer;
begin
  if smtp_code is null or smtp_code not between 500 and 599 then
    raise exception 'a bounce is an SMTP 5xx reply, not %', smtp_code using errcode = '22023';
  end if;
  update public.mail_outbox m
     set status = 'failed',
         last_error = left(format('bounced (%s): %s', smtp_code, error), 2000),
         claim_id = null, lease_until = null
   where m.id = message_id and m.claim_id = claim and m.status = 'sending'
  returning m.recipient into bounced_to;
  if bounced_to is null then
    return null;
  end if;
  select t.hard_bounce_limit into bounce_limit from private.newsletter_campaign_settings t;
  update public.newsletter_subscribers s
     set hard_bounces = s.hard_bounces + 1,
         status = case when s.status = 'confirmed' and s.hard_bounces + 1 >= bounce_limit then 'bounced' else s.status end,
         bounced_at = case when s.status = 'confirmed' and s.hard_bounces + 1 >= bounce_limit then now() else s.bounced_at end
   where lower(s.email) = lower(bounced_to);
  return 'failed';
end;
$$;

comment on function public.record_mail_bounce(uuid, uuid, text, integer) is
  'Worker only (service role): a mail refused for good (SMTP 5xx) fails without retries, and counts a hard bounce for a subscriber at its address.';
revoke all on function public.record_mail_bounce(uuid, uuid, text, integer) from public, anon, authenticated;
grant execute on function public.record_mail_bounce(uuid, uuid, text, integer) to service_role;

-- Confirming again starts the count afresh: the address took the confirmation mail.
create or replace function private.reset_hard_bounces_on_confirm()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.hard_bounces := 0;
  new.bounced_at := null;
  return new;
end;
$$;
revoke all on function private.reset_hard_bounces_on_confirm() from public;

create trigger newsletter_subscribers_reset_hard_bounces
  before update of status on public.newsletter_subscribers
  for each row
  when (new.status = 'confirmed' and old.status is distinct from 'confirmed')
  execute function private.reset_hard_bounces_on_confirm();
