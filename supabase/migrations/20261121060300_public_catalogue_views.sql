-- Read-only views of the published catalogue, for anonymous visitors and search.
--
-- Why views and not just the tables' RLS: under RLS, PostgreSQL evaluates the policy before any
-- caller-supplied condition that is not LEAKPROOF, and ILIKE is not, so a search as anon ignores
-- the trigram indexes and scans every row (measured: ~2 ms versus ~58 ms on 100k rows). These
-- views run with their owner's rights (security_invoker = false; owner postgres, which owns the
-- tables and so is not subject to their RLS), so the planner may use the indexes. They are safe
-- to expose because they do the policy's work themselves: published rows only, public columns
-- only, and SELECT is the only privilege granted on them. Supabase's advisor flags
-- security-definer views; these are deliberate and reviewed in supabase/tests/schema.test.ts.
--
-- Not security_barrier: a barrier would again stop ILIKE from reaching the index. The only
-- conditions callers can add come through PostgREST's fixed operators, which cannot leak rows.

create view public.public_events
with (security_invoker = false)
as
select id, title, description, category, venue, mode, starts_at, ends_at, image_url, registration_url
from public.events
where is_published;

comment on view public.public_events is 'Published events, public columns only. Use for /events and search.';

create view public.public_training_programs
with (security_invoker = false)
as
select id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, sort_order
from public.training_programs
where is_published;

comment on view public.public_training_programs is 'Published training programs, public columns only. Use for /training, the cart and search.';

create view public.public_services
with (security_invoker = false)
as
select id, title, slug, description, icon, sort_order
from public.services
where is_published;

comment on view public.public_services is 'Published services, public columns only. Use for /services and search.';

-- Simple views are auto-updatable, and writes through them would run with the owner's rights,
-- bypassing RLS. Supabase's default grants include insert/update/delete, so grant SELECT only.
revoke all on table public.public_events, public.public_training_programs, public.public_services
  from anon, authenticated, service_role;
grant select on table public.public_events, public.public_training_programs, public.public_services
  to anon, authenticated, service_role;
