-- Three features added mail kinds side by side (data rights 20261128280000, tax documents
-- 20261128290000, newsletter campaigns 20261129000100), each rebuilding the list from the one
-- before it: the outbox takes all of them.
alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed',
    'certificate_issued', 'data_erasure_completed', 'tax_document_registered',
    'newsletter_campaign', 'newsletter_campaign_test'));
