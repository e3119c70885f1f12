-- The tax invoice and credit note e-mailed to the buyer (issue 29): once eTIMS has registered a
-- document, one mail with its PDF attached goes to the document's buyer e-mail through the outbox.
-- Why at registration and not at issue: only a registered document (the control unit's number,
-- signature and QR code printed on it) supports the buyer's VAT claim, so the mail carries the
-- document they can file; one mail per document, never an "awaiting" copy followed by the real one.
-- While eTIMS is down the order's confirmation page already lists the document (awaiting).

alter table public.mail_outbox
  add column tax_document_id uuid references public.tax_documents (id) on delete cascade;

comment on column public.mail_outbox.tax_document_id is 'The tax invoice or credit note a tax_document_registered mail sends.';

alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued', 'tax_document_registered'));

-- Sent once: one tax_document_registered row per document, however often it is marked registered.
create unique index mail_outbox_tax_document_registered_key on public.mail_outbox (tax_document_id)
  where kind = 'tax_document_registered';

-- A trigger rather than a line in record_tax_document_registration: whatever marks a document
-- registered queues its mail, in the same transaction.
create or replace function private.queue_tax_document_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.mail_outbox (kind, tax_document_id, recipient)
  values ('tax_document_registered', new.id, new.buyer_email)
  on conflict (tax_document_id) where kind = 'tax_document_registered' do nothing;
  return new;
end;
$$;

revoke all on function private.queue_tax_document_mail() from public;

create trigger tax_documents_queue_mail
  after update of etims_status on public.tax_documents
  for each row
  when (new.etims_status = 'registered' and old.etims_status is distinct from 'registered')
  execute function private.queue_tax_document_mail();

-- What the mail worker renders the mail and PDF from (service role only): the document as its PDF
-- prints it, and the order's confirmation token for the link to the order's page.
create or replace function public.tax_document_mail_document(document uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.tax_document_json(d.id) || jsonb_build_object('order_token', o.confirmation_token)
    from public.tax_documents d
    join public.orders o on o.id = d.order_id
   where d.id = document;
$$;

comment on function public.tax_document_mail_document(uuid) is
  'Mail worker only: a registered tax invoice or credit note as its e-mail and PDF print it.';
revoke all on function public.tax_document_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.tax_document_mail_document(uuid) to service_role;
