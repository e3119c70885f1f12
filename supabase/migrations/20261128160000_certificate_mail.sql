-- The certificate e-mail (issue 27, item 4): a certificate's first issue queues one mail with
-- its PDF, in the same transaction, to the participant or, when the checkout gave no e-mail for
-- them, to the buyer. The mail worker (process-mail-outbox) renders it from
-- public.certificate_mail_document and attaches the PDF it draws.

alter table public.mail_outbox
  add column certificate_id uuid references public.certificates (id) on delete cascade;

comment on column public.mail_outbox.certificate_id is 'The certificate a certificate_issued mail sends.';

alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued'));

-- Sent once: one certificate_issued row per certificate, whoever issues it and however often.
create unique index mail_outbox_certificate_issued_key on public.mail_outbox (certificate_id)
  where kind = 'certificate_issued';

-- A trigger rather than a line in issue_certificate: every way a certificate row comes to be
-- queues its mail, and the issuing functions stay as they are.
create or replace function private.queue_certificate_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.mail_outbox (kind, certificate_id, recipient)
  select 'certificate_issued', new.id, coalesce(p.email, o.customer_email)
    from public.order_participants p
    join public.order_items i on i.id = p.order_item_id
    join public.orders o on o.id = i.order_id
   where p.id = new.participant_id
  on conflict (certificate_id) where kind = 'certificate_issued' do nothing;
  return new;
end;
$$;

revoke all on function private.queue_certificate_mail() from public;

create trigger certificates_queue_mail
  after insert on public.certificates
  for each row execute function private.queue_certificate_mail();

-- What the mail worker renders a certificate's mail and PDF from (service role only).
create or replace function public.certificate_mail_document(certificate_id uuid)
returns table (code text, holder_name text, program_title text, starts_on date, ends_on date, hours integer,
               issued_at timestamptz, revoked_at timestamptz, to_buyer boolean, buyer_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.code, c.holder_name, c.program_title, c.starts_on, c.ends_on, c.hours, c.issued_at, c.revoked_at,
         p.email is null, o.customer_name
    from public.certificates c
    join public.order_participants p on p.id = c.participant_id
    join public.order_items i on i.id = p.order_item_id
    join public.orders o on o.id = i.order_id
   where c.id = certificate_mail_document.certificate_id;
$$;

comment on function public.certificate_mail_document(uuid) is 'Mail worker only: a certificate as its e-mail and PDF print it.';
revoke all on function public.certificate_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.certificate_mail_document(uuid) to service_role;
