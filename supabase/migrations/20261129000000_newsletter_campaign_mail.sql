-- The mail worker sends newsletter campaigns (issue 32, item 3).
--
-- newsletter_campaign_mail_document gives the worker what one campaign mail needs: the
-- campaign's subject, preheader and bodies, the recipient's address and unsubscribe token, and
-- whether they are still on the list. A recipient who left the list after the worker claimed
-- their mail (the withdrawal trigger only reaches pending mails) gets nothing: the worker hands
-- the claimed row back with withdraw_claimed_campaign_mail, which records them skipped.
--
-- claim_mail_outbox (latest definition: 20261127000000_mail_outbox_per_recipient_order) keeps
-- mails to one address in order, but a campaign mail is an independent notice queued up to
-- hours ahead by the throttle: a pending one must not hold back an order confirmation to the
-- same address. Campaign rows no longer hold the queue (they still wait their own turn).

create or replace function public.newsletter_campaign_mail_document(campaign_recipient_id uuid)
returns table (
  campaign_id uuid,
  subject text,
  preheader text,
  body_text text,
  body_html text,
  email text,
  token text,
  subscribed boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.subject, c.preheader, c.body_text, c.body_html, s.email, s.token, s.status = 'confirmed'
    from public.newsletter_campaign_recipients r
    join public.newsletter_campaigns c on c.id = r.campaign_id
    join public.newsletter_subscribers s on s.id = r.subscriber_id
   where r.id = newsletter_campaign_mail_document.campaign_recipient_id;
$$;

comment on function public.newsletter_campaign_mail_document(uuid) is
  'Worker only (service role): the campaign mail of one recipient, and whether they are still subscribed.';

-- The worker's claimed campaign mail, not sent (its recipient left the list): removed from the
-- outbox and the recipient recorded skipped. True when the claim still held.
create or replace function public.withdraw_claimed_campaign_mail(message_id uuid, claim uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recipient_id uuid;
  campaign uuid;
begin
  delete from public.mail_outbox m
   where m.id = withdraw_claimed_campaign_mail.message_id and m.kind = 'newsletter_campaign'
     and m.status = 'sending' and m.claim_id = withdraw_claimed_campaign_mail.claim
  returning m.campaign_recipient_id into recipient_id;
  if recipient_id is null then
    return false;
  end if;
  update public.newsletter_campaign_recipients r set state = 'skipped'
   where r.id = recipient_id and r.state = 'queued'
  returning r.campaign_id into campaign;
  if campaign is not null then
    perform private.finish_newsletter_campaign(campaign);
  end if;
  return true;
end;
$$;

comment on function public.withdraw_claimed_campaign_mail(uuid, uuid) is
  'Worker only (service role): a claimed campaign mail whose recipient left the list is not sent; the recipient is recorded skipped.';

create or replace function public.claim_mail_outbox(batch_size integer default 10, lease_seconds integer default 120)
returns setof public.mail_outbox
language plpgsql
security definer
set search_path = ''
as $$
declare
  claim uuid := gen_random_uuid();
begin
  if batch_size not between 1 and 100 or lease_seconds not between 10 and 3600 then
    raise exception 'batch_size must be 1..100 and lease_seconds 10..3600' using errcode = '22023';
  end if;

  update public.mail_outbox
     set status = 'uncertain', claim_id = null, lease_until = null,
         last_error = coalesce(last_error || E'\n', '') || 'lease expired while sending: the worker stopped between sending and marking; not resent automatically'
   where status = 'sending' and lease_until < now();

  return query
  update public.mail_outbox m
     set status = 'sending', attempts = m.attempts + 1, claim_id = claim,
         lease_until = now() + make_interval(secs => lease_seconds)
   where m.id in (
     select d.id from public.mail_outbox d
      where d.status = 'pending' and d.next_attempt_at <= now()
        -- The oldest unsent mail to its address only; newsletter campaign mails, queued ahead
        -- by their throttle, hold back nothing.
        and not exists (
          select 1 from public.mail_outbox earlier
           where d.recipient is not null
             and lower(earlier.recipient) = lower(d.recipient)
             and earlier.status in ('pending', 'sending')
             and earlier.recipient is not null
             and earlier.kind <> 'newsletter_campaign'
             and earlier.position < d.position)
      order by d.next_attempt_at, d.position
      limit batch_size
      for update skip locked)
  returning m.*;
end;
$$;

comment on function public.claim_mail_outbox(integer, integer) is 'Worker only (service role): claims due outbox rows for sending, in order per recipient.';

revoke all on function public.claim_mail_outbox(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_mail_outbox(integer, integer) to service_role;
revoke all on function public.newsletter_campaign_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.newsletter_campaign_mail_document(uuid) to service_role;
revoke all on function public.withdraw_claimed_campaign_mail(uuid, uuid) from public, anon, authenticated;
grant execute on function public.withdraw_claimed_campaign_mail(uuid, uuid) to service_role;
