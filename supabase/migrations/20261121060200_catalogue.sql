-- The public catalogue: events, training programs and services. Everyone reads published rows;
-- staff read drafts and make every change. Trigram indexes serve the website's search.

-- Events ---------------------------------------------------------------------------------------

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null,
  category text,
  venue text not null,
  mode text not null default 'in-person',
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  image_url text,
  registration_url text,
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint events_title_not_blank check (length(btrim(title)) between 1 and 200),
  constraint events_description_not_blank check (length(btrim(description)) > 0),
  constraint events_category_not_blank check (category is null or length(btrim(category)) > 0),
  constraint events_venue_not_blank check (length(btrim(venue)) > 0),
  constraint events_mode_known check (mode in ('in-person', 'virtual', 'hybrid')),
  constraint events_ends_after_start check (ends_at >= starts_at),
  -- Relative paths (served by the site) or absolute http(s) URLs; never javascript: and friends.
  constraint events_image_url_safe check (image_url is null or image_url ~ '^(https?://|/)'),
  constraint events_registration_url_safe check (registration_url is null or registration_url ~ '^https?://')
);

comment on table public.events is 'Workshops, forums and open days listed on /events. Public reads go through public_events.';

alter table public.events enable row level security;

create trigger events_touch_updated_at
  before update on public.events
  for each row execute function private.touch_updated_at();

-- The events page lists upcoming published events in date order.
create index events_published_starts_at_idx on public.events (starts_at) where is_published;

-- Training programs ---------------------------------------------------------------------------

create table public.training_programs (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null,
  category text not null,
  focus text not null,
  description text not null,
  duration text not null,
  delivery_mode text not null default 'in-person',
  price_amount numeric(12, 2) not null,
  currency text not null,
  is_published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint training_programs_slug_key unique (slug),
  constraint training_programs_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint training_programs_title_not_blank check (length(btrim(title)) between 1 and 200),
  constraint training_programs_category_not_blank check (length(btrim(category)) > 0),
  constraint training_programs_focus_not_blank check (length(btrim(focus)) > 0),
  constraint training_programs_description_not_blank check (length(btrim(description)) > 0),
  constraint training_programs_duration_not_blank check (length(btrim(duration)) > 0),
  constraint training_programs_delivery_mode_known check (delivery_mode in ('in-person', 'virtual', 'hybrid')),
  constraint training_programs_price_positive check (price_amount > 0),
  -- The cart converts KES to USD at a fixed rate; any other currency would break its totals.
  constraint training_programs_currency_known check (currency in ('USD', 'KES'))
);

comment on table public.training_programs is 'Programs sold through the cart on /training. Public reads go through public_training_programs.';

alter table public.training_programs enable row level security;

create trigger training_programs_touch_updated_at
  before update on public.training_programs
  for each row execute function private.touch_updated_at();

-- Services ------------------------------------------------------------------------------------

create table public.services (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  -- Matches a /services/<slug> route and the Sanity `service` document of the same slug.
  slug text not null,
  description text not null,
  icon text,
  is_published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint services_slug_key unique (slug),
  constraint services_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint services_title_not_blank check (length(btrim(title)) between 1 and 200),
  constraint services_description_not_blank check (length(btrim(description)) > 0),
  -- An icon name from the site's icon set (kebab-case), not markup.
  constraint services_icon_format check (icon is null or icon ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

comment on table public.services is 'Advisory and training services, one per /services/<slug> page. Public reads go through public_services.';

alter table public.services enable row level security;

create trigger services_touch_updated_at
  before update on public.services
  for each row execute function private.touch_updated_at();

-- Privileges ----------------------------------------------------------------------------------
-- Supabase's default grants give anon every privilege on new tables. The anon key is public,
-- so take writes (and truncate, which RLS does not cover) away from it outright; signed-in
-- users keep write privileges, and the staff-only policies below decide.

revoke all on table public.events, public.training_programs, public.services from anon, authenticated;
grant select on table public.events, public.training_programs, public.services to anon;
grant select, insert, update, delete on table public.events, public.training_programs, public.services to authenticated;

-- Policies ------------------------------------------------------------------------------------
-- Permissive policies are OR-ed: a visitor passes the first, staff pass the second.
-- `(select private.is_staff())` is an init-plan: evaluated once per statement, not per row.

create policy events_select_published on public.events
  for select to anon, authenticated
  using (is_published);
create policy events_select_staff on public.events
  for select to authenticated
  using ((select private.is_staff()));
create policy events_insert_staff on public.events
  for insert to authenticated
  with check ((select private.is_staff()));
create policy events_update_staff on public.events
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy events_delete_staff on public.events
  for delete to authenticated
  using ((select private.is_staff()));

create policy training_programs_select_published on public.training_programs
  for select to anon, authenticated
  using (is_published);
create policy training_programs_select_staff on public.training_programs
  for select to authenticated
  using ((select private.is_staff()));
create policy training_programs_insert_staff on public.training_programs
  for insert to authenticated
  with check ((select private.is_staff()));
create policy training_programs_update_staff on public.training_programs
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy training_programs_delete_staff on public.training_programs
  for delete to authenticated
  using ((select private.is_staff()));

create policy services_select_published on public.services
  for select to anon, authenticated
  using (is_published);
create policy services_select_staff on public.services
  for select to authenticated
  using ((select private.is_staff()));
create policy services_insert_staff on public.services
  for insert to authenticated
  with check ((select private.is_staff()));
create policy services_update_staff on public.services
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy services_delete_staff on public.services
  for delete to authenticated
  using ((select private.is_staff()));

-- Search indexes ------------------------------------------------------------------------------
-- One trigram GIN index per searched column: `a ilike x or b ilike y` becomes a BitmapOr of
-- two index scans. They serve ILIKE and regex (~*) alike. Anonymous search reaches them through
-- the public_* views (next migration); under RLS the planner would not use them for anon.

create index events_title_trgm_idx on public.events using gin (title extensions.gin_trgm_ops);
create index events_description_trgm_idx on public.events using gin (description extensions.gin_trgm_ops);
create index training_programs_title_trgm_idx on public.training_programs using gin (title extensions.gin_trgm_ops);
create index training_programs_category_trgm_idx on public.training_programs using gin (category extensions.gin_trgm_ops);
create index training_programs_focus_trgm_idx on public.training_programs using gin (focus extensions.gin_trgm_ops);
create index services_title_trgm_idx on public.services using gin (title extensions.gin_trgm_ops);
create index services_description_trgm_idx on public.services using gin (description extensions.gin_trgm_ops);
