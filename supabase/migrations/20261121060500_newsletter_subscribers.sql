-- Newsletter sign-ups. Written only by the send-newsletter-subscription-email server function
-- (service role); staff may read the list. Anonymous visitors can neither read nor write it, so
-- the public anon key cannot be used to harvest addresses or to flood the table.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Stored lower-cased (trigger below) so that the unique key treats Jane@X and jane@x as one.
  email text not null,
  source text not null default 'footer',
  created_at timestamptz not null default now(),
  unsubscribed_at timestamptz,
  constraint newsletter_subscribers_email_key unique (email),
  constraint newsletter_subscribers_email_format check (
    length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and email = lower(email)
  ),
  constraint newsletter_subscribers_source_not_blank check (length(btrim(source)) between 1 and 50)
);

comment on table public.newsletter_subscribers is 'Newsletter sign-ups; inserted by a server function with the service role, read by staff.';

alter table public.newsletter_subscribers enable row level security;

-- Normalising in the database keeps `on conflict (email)` upserts working for any caller.
create or replace function private.normalise_subscriber_email()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end;
$$;

revoke all on function private.normalise_subscriber_email() from public;

create trigger newsletter_subscribers_normalise_email
  before insert or update of email on public.newsletter_subscribers
  for each row execute function private.normalise_subscriber_email();

revoke all on table public.newsletter_subscribers from anon, authenticated;
grant select on table public.newsletter_subscribers to authenticated;

create policy newsletter_subscribers_select_staff on public.newsletter_subscribers
  for select to authenticated
  using ((select private.is_staff()));
