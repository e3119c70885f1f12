-- Catalogue blocks in newsletter campaigns (issue 32, item 2).
--
-- A campaign's text may hold lines [[program:<id>]], [[intake:<id>]] and [[event:<id>]]
-- (domain/campaign-body.ts). They are references, not copies: the mail worker reads each one
-- here when it renders a mail, so the mail shows the title, price and dates as they are when it
-- is sent. Only what is on offer then comes back: a published program; a published intake of a
-- published program that has not ended (its price is its program's); a published event (a
-- cancelled one is unpublished) that has not ended. Anything else is simply missing from the
-- result and the worker leaves that block out of the mail.

create or replace function public.newsletter_catalogue_blocks(program_ids uuid[], intake_ids uuid[], event_ids uuid[])
returns table (
  kind text,
  id uuid,
  title text,
  slug text,
  price_amount numeric,
  currency text,
  starts_on date,
  ends_on date,
  starts_at timestamptz,
  ends_at timestamptz,
  venue text
)
language sql
stable
security definer
set search_path = ''
as $$
  select 'program', p.id, p.title, p.slug, p.price_amount, p.currency, null::date, null::date,
         null::timestamptz, null::timestamptz, null::text
    from public.training_programs p
   where p.id = any (newsletter_catalogue_blocks.program_ids) and p.is_published
  union all
  select 'intake', i.id, p.title, p.slug, p.price_amount, p.currency, i.starts_on, i.ends_on,
         null::timestamptz, null::timestamptz, case when i.is_online then 'Online' else i.venue end
    from public.program_intakes i
    join public.training_programs p on p.id = i.program_id
   where i.id = any (newsletter_catalogue_blocks.intake_ids) and i.is_published and p.is_published
     and i.ends_on >= (now() at time zone 'Africa/Nairobi')::date
  union all
  select 'event', e.id, e.title, e.slug, e.price_amount, e.currency, null::date, null::date,
         e.starts_at, e.ends_at, e.venue
    from public.events e
   where e.id = any (newsletter_catalogue_blocks.event_ids) and e.is_published and e.ends_at >= now();
$$;

comment on function public.newsletter_catalogue_blocks(uuid[], uuid[], uuid[]) is
  'Worker only (service role): the programs, intakes and events a campaign mail shows, as they are now; only those on offer.';

revoke all on function public.newsletter_catalogue_blocks(uuid[], uuid[], uuid[]) from public, anon, authenticated;
grant execute on function public.newsletter_catalogue_blocks(uuid[], uuid[], uuid[]) to service_role;
