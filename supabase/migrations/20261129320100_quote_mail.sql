-- Quote mail (issue 30, item 3): sending a quote queues a `quote_sent` mail to its contact (the
-- worker attaches the quote as a PDF and the link); the accepted order's confirmation carries the
-- link to name the participants (private.quote_token_of_order, read by the worker).

alter table public.mail_outbox
  add column quote_id uuid references public.quotes (id) on delete cascade;

comment on column public.mail_outbox.quote_id is 'The quote a quote_sent mail sends.';

-- Latest list: 20261129210000_payment_receipts.sql, with quote_sent.
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
    'newsletter_campaign', 'newsletter_campaign_test', 'payment_receipt', 'quote_sent'));

create index mail_outbox_quote_idx on public.mail_outbox (quote_id) where quote_id is not null;

-- public.send_quote: from 20261129320000_quotes.sql; also queues the mail (each send, one mail).
create or replace function public.send_quote(quote_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.quotes;
begin
  if not private.staff_may('quotes', true) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only the finance and programmes teams may send quotes.';
  end if;
  select * into target from public.quotes q where q.id = send_quote.quote_id for update;
  if not found then
    perform private.refuse('quote_id', 'quote_not_found', 'This quote does not exist.');
  end if;
  if target.state not in ('draft', 'sent', 'viewed') then
    perform private.refuse('quote_id', 'quote_not_sendable', format('A quote that is %s cannot be sent.', target.state));
  end if;
  if target.valid_until < private.nairobi_today() then
    perform private.refuse('quote_id', 'quote_expired', 'This quote has expired; build a new one.');
  end if;
  update public.quotes q set state = case when q.state = 'draft' then 'sent' else q.state end,
                             sent_at = now()
   where q.id = target.id;
  insert into public.mail_outbox (kind, quote_id, recipient) values ('quote_sent', target.id, target.contact_email);
end;
$$;

-- The worker: a quote to mail (its content, as the link shows it, and its token).
create or replace function public.quote_mail_document(quote uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.quote_json(q.id) || jsonb_build_object('token', q.token, 'sent_at', q.sent_at)
    from public.quotes q where q.id = quote;
$$;
comment on function public.quote_mail_document(uuid) is 'Mail worker: a quote as its mail and PDF show it, with its link''s token.';
revoke all on function public.quote_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.quote_mail_document(uuid) to service_role;

-- The worker: the token of the accepted quote an order came from (null: an ordinary order), for
-- the link that names its participants.
create or replace function public.quote_token_of_order(order_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select q.token from public.quotes q where q.order_id = quote_token_of_order.order_id and q.state = 'accepted';
$$;
comment on function public.quote_token_of_order(uuid) is 'Mail worker: the token of the quote an order accepted, for its naming link.';
revoke all on function public.quote_token_of_order(uuid) from public, anon, authenticated;
grant execute on function public.quote_token_of_order(uuid) to service_role;
