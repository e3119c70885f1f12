-- Mails to one address go out in the order they were written. Without this, a mail whose first
-- attempt failed (SMTP or the CMS briefly away: retried 5 s, 10 s... later) could be overtaken by
-- a later one: a waitlisted visitor would read "A seat is yours" before "You are on the
-- waitlist", a buyer the M-Pesa receipt before the order confirmation.
--
-- The claim now takes a row only when no older row to the same address (case folded) is still
-- pending or sending; older rows that were sent, failed or set aside as uncertain do not hold
-- the queue. Team mails (recipient null, the CMS bookings address) are independent notices and
-- keep no order among themselves. A row that keeps failing holds its address's later mails
-- until it is sent or gives up (failed after 20 attempts): late beats out of order.
--
-- `position` is the insertion order: rows written in one transaction share created_at.

alter table public.mail_outbox add column position bigint generated always as identity;

comment on column public.mail_outbox.position is 'Insertion order; mails to one address are sent in this order.';

create index mail_outbox_unsent_by_recipient_idx on public.mail_outbox (lower(recipient), position)
  where status in ('pending', 'sending') and recipient is not null;

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
        -- The oldest unsent mail to its address only (see the header).
        and not exists (
          select 1 from public.mail_outbox earlier
           where d.recipient is not null
             and lower(earlier.recipient) = lower(d.recipient)
             and earlier.status in ('pending', 'sending')
             and earlier.recipient is not null
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
