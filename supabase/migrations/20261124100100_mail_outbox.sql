-- The mail outbox: e-mails are rows written in the same transaction as what they tell about
-- (an order), so no mail is lost when SMTP is down and none is promised for an order that
-- rolled back. A worker (supabase/functions/process-mail-outbox, run every few seconds) claims
-- due rows, renders and sends them, and marks them.
--
-- Delivery guarantee: AT MOST ONCE, with retries for every failure known not to have sent.
--  * claim: a row goes pending -> sending in a committed transaction, with a lease;
--    `for update skip locked` lets several workers run without taking the same row.
--  * the worker then sends. When the SMTP server refused the message or could not be reached,
--    nothing was sent: the row goes back to pending with a growing delay (retry).
--  * sent: the row is marked sent (only by the claim that holds it).
--  * the window between the SMTP server accepting the message and the mark committing (worker
--    crash, database gone, a reply lost mid-transfer) cannot be closed with SMTP, which has no
--    idempotency. A row whose lease ran out while `sending`, or whose send ended ambiguously,
--    is therefore NOT sent again: it becomes `uncertain`, for staff to check and resend by
--    hand. Each mail carries a Message-ID derived from the row, so a manual resend is
--    recognisably the same message.

create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  -- What to render; the worker builds subject and body from the order when it sends.
  kind text not null,
  order_id uuid references public.orders (id) on delete cascade,
  -- Null: the institute's bookings address (CMS site settings), resolved when sending.
  recipient text,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- The claim that may mark this row (a worker that lost its lease cannot).
  claim_id uuid,
  lease_until timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint mail_outbox_kind_known check (kind in ('order_confirmation', 'order_notification', 'mpesa_code_notification')),
  constraint mail_outbox_status_known check (status in ('pending', 'sending', 'sent', 'failed', 'uncertain')),
  constraint mail_outbox_recipient_format check (recipient is null or (length(recipient) <= 254 and recipient ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  constraint mail_outbox_attempts_not_negative check (attempts >= 0),
  constraint mail_outbox_sending_has_claim check (status <> 'sending' or (claim_id is not null and lease_until is not null))
);

comment on table public.mail_outbox is 'E-mails to send, written with the order they concern; sent at most once by process-mail-outbox.';

alter table public.mail_outbox enable row level security;

create trigger mail_outbox_touch_updated_at
  before update on public.mail_outbox
  for each row execute function private.touch_updated_at();

-- The worker's claim scans only due pending rows, oldest first.
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_sending_idx on public.mail_outbox (lease_until) where status = 'sending';
create index mail_outbox_order_id_idx on public.mail_outbox (order_id);

-- Nobody but the service role (the worker) and staff (reading, in the admin) touches this.
revoke all on table public.mail_outbox from anon, authenticated;
grant select on table public.mail_outbox to authenticated;

create policy mail_outbox_select_staff on public.mail_outbox
  for select to authenticated
  using ((select private.is_staff()));

-- Claims up to batch_size due rows for lease_seconds. Rows whose lease ran out while sending
-- are first set aside as uncertain (never retried automatically: see the header).
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
      order by d.next_attempt_at, d.created_at
      limit batch_size
      for update skip locked)
  returning m.*;
end;
$$;

comment on function public.claim_mail_outbox(integer, integer) is 'Worker only (service role): claims due outbox rows for sending.';

-- Marks a claimed row sent. False when the claim no longer holds it (lease expired).
create or replace function public.complete_mail_outbox(message_id uuid, claim uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with done as (
    update public.mail_outbox
       set status = 'sent', sent_at = now(), claim_id = null, lease_until = null
     where id = message_id and claim_id = claim and status = 'sending'
    returning 1)
  select exists (select 1 from done);
$$;

comment on function public.complete_mail_outbox(uuid, uuid) is 'Worker only (service role): marks a claimed outbox row sent.';

-- Records a failed send. retry: the message certainly was not sent (connection refused, SMTP
-- rejection, CMS unreachable before sending): pending again after 5 s, 10 s, 20 s... capped at
-- one hour, failed after max_attempts. Not retry: it may have been sent: uncertain.
create or replace function public.fail_mail_outbox(message_id uuid, claim uuid, error text, retry boolean)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_attempts constant integer := 20;
  outcome text;
begin
  update public.mail_outbox m
     set status = case when not retry then 'uncertain'
                       when m.attempts >= max_attempts then 'failed'
                       else 'pending' end,
         next_attempt_at = now() + least(interval '1 hour', interval '5 seconds' * power(2, greatest(m.attempts - 1, 0))),
         last_error = left(error, 2000),
         claim_id = null, lease_until = null
   where m.id = message_id and m.claim_id = claim and m.status = 'sending'
  returning m.status into outcome;
  return outcome;
end;
$$;

comment on function public.fail_mail_outbox(uuid, uuid, text, boolean) is 'Worker only (service role): records a failed send (retry later, or uncertain).';

revoke all on function public.claim_mail_outbox(integer, integer) from public, anon, authenticated;
revoke all on function public.complete_mail_outbox(uuid, uuid) from public, anon, authenticated;
revoke all on function public.fail_mail_outbox(uuid, uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.claim_mail_outbox(integer, integer) to service_role;
grant execute on function public.complete_mail_outbox(uuid, uuid) to service_role;
grant execute on function public.fail_mail_outbox(uuid, uuid, text, boolean) to service_role;
