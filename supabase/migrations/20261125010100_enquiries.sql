-- Contact enquiries (issue 13): the /contact form's messages. Visitors write only through
-- submit_enquiry (from the browser, so the throttle sees each visitor's own IP); staff read
-- and update (status, assignment, internal notes) under RLS. The routed notification (to the
-- team address for the topic, from the CMS site settings, resolved when sending) and the
-- sender's confirmation are outbox rows written in the same transaction.
--
-- Refusals follow create_order's convention: SQLSTATE P0001 (HTTP 400), DETAIL = the form
-- field, HINT = a machine reason, MESSAGE = the sentence to show; throttling PT429 (HTTP 429).

create table public.enquiries (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text,
  organisation text,
  topic text not null,
  message text not null,
  consent_text text not null,
  consented_at timestamptz not null,
  status text not null default 'new',
  assigned_to uuid references public.staff (user_id) on delete set null,
  internal_notes text,
  client_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint enquiries_name_length check (length(btrim(name)) between 1 and 200),
  constraint enquiries_email_format check (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$'),
  constraint enquiries_organisation_length check (organisation is null or length(organisation) between 1 and 200),
  constraint enquiries_topic_known check (topic in ('training', 'advisory', 'technology', 'insurance', 'other')),
  constraint enquiries_message_length check (length(btrim(message)) between 1 and 5000),
  constraint enquiries_status_known check (status in ('new', 'in_progress', 'closed')),
  constraint enquiries_notes_length check (internal_notes is null or length(internal_notes) <= 10000)
);

comment on table public.enquiries is 'Contact-form enquiries: inserted by submit_enquiry, read and handled by staff.';

alter table public.enquiries enable row level security;

create trigger enquiries_touch_updated_at
  before update on public.enquiries
  for each row execute function private.touch_updated_at();

create index enquiries_created_at_idx on public.enquiries (created_at desc);
create index enquiries_client_key_created_at_idx on public.enquiries (client_key, created_at);

revoke all on table public.enquiries from anon, authenticated;
grant select on table public.enquiries to authenticated;
grant update (status, assigned_to, internal_notes) on table public.enquiries to authenticated;

create policy enquiries_select_staff on public.enquiries
  for select to authenticated
  using ((select private.is_staff()));

create policy enquiries_update_staff on public.enquiries
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));

-- The outbox: mails about an enquiry.
alter table public.mail_outbox
  add column enquiry_id uuid references public.enquiries (id) on delete cascade,
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt'));

create index mail_outbox_enquiry_id_idx on public.mail_outbox (enquiry_id);

create table private.enquiry_throttle (
  id boolean primary key default true,
  max_enquiries integer not null,
  window_seconds integer not null,
  constraint enquiry_throttle_single_row check (id),
  constraint enquiry_throttle_positive check (max_enquiries > 0 and window_seconds > 0)
);

insert into private.enquiry_throttle (max_enquiries, window_seconds) values (5, 600);

create or replace function public.submit_enquiry(
  name text,
  email text,
  phone text,
  organisation text,
  topic text,
  message text,
  consent boolean,
  website text default ''
)
returns table (id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text := private.client_key();
  limits record;
  recent integer;
  normalised_phone text;
  org text := private.optional_text(organisation);
  new_id uuid;
begin
  -- The honeypot: a field people never see, which form-filling robots fill in.
  if coalesce(btrim(website), '') <> '' then
    perform private.refuse('website', 'honeypot_filled',
      'This message looks automated and was not sent. If you are a person, leave the field named "Website" empty.');
  end if;
  if name is null or length(btrim(name)) not between 1 and 200 then
    perform private.refuse('name', 'invalid_name', 'Please enter your name.');
  end if;
  if not private.is_email(btrim(email)) then
    perform private.refuse('email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  if private.optional_text(phone) is not null then
    normalised_phone := private.normalise_phone(phone);
    if normalised_phone is null then
      perform private.refuse('phone', 'invalid_phone',
        'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678, or leave it empty.');
    end if;
  end if;
  if org is not null and length(org) > 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'The organisation name must be at most 200 characters.');
  end if;
  if topic is null or topic not in ('training', 'advisory', 'technology', 'insurance', 'other') then
    perform private.refuse('topic', 'invalid_topic', 'Please choose what your enquiry is about.');
  end if;
  if message is null or length(btrim(message)) = 0 then
    perform private.refuse('message', 'invalid_message', 'Please write your message.');
  end if;
  if length(btrim(message)) > 5000 then
    perform private.refuse('message', 'message_too_long',
      format('Your message is %s characters long; please keep it to 5,000.', length(btrim(message))));
  end if;
  if consent is not true then
    perform private.refuse('consent', 'consent_missing',
      'Please agree that we may use your details to answer your enquiry.');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('submit_enquiry:client:' || client, 0));
  select t.max_enquiries, t.window_seconds into limits from private.enquiry_throttle t;
  select count(*) into recent from public.enquiries e
   where e.client_key = client and e.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_enquiries then
    raise exception using errcode = 'PT429', hint = 'too_many_enquiries',
      message = 'You have sent several messages in a short time. Please wait a few minutes before sending another.';
  end if;

  insert into public.enquiries (name, email, phone, organisation, topic, message, consent_text, consented_at, client_key)
  values (btrim(name), lower(btrim(email)), normalised_phone, org, topic, btrim(message),
          'I agree that Ascent may use these details to answer my enquiry.', now(), client)
  returning enquiries.id into new_id;

  insert into public.mail_outbox (kind, enquiry_id, recipient)
  values ('enquiry_notification', new_id, null),
         ('enquiry_receipt', new_id, lower(btrim(email)));

  return query select new_id;
end;
$$;

comment on function public.submit_enquiry(text, text, text, text, text, text, boolean, text) is
  'Anyone (the /contact form, from the browser): stores an enquiry and queues its routed notification and receipt.';

-- What the mail worker renders an enquiry's mails from.
create or replace function public.enquiry_mail_document(enquiry_id uuid)
returns table (name text, email text, phone text, organisation text, topic text, message text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select e.name, e.email, e.phone, e.organisation, e.topic, e.message, e.created_at
    from public.enquiries e where e.id = enquiry_id;
$$;

revoke all on function public.submit_enquiry(text, text, text, text, text, text, boolean, text) from public;
revoke all on function public.enquiry_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.submit_enquiry(text, text, text, text, text, text, boolean, text) to anon, authenticated;
grant execute on function public.enquiry_mail_document(uuid) to service_role;
