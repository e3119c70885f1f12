-- Site-wide switches (maintenance mode) and the impact figures shown on the home page.
-- Both are read by every visitor and changed by staff only.

-- Site settings -------------------------------------------------------------------------------

create table public.site_settings (
  id uuid primary key default gen_random_uuid(),
  setting_key text not null,
  setting_value jsonb not null,
  updated_at timestamptz not null default now(),
  constraint site_settings_setting_key_key unique (setting_key),
  constraint site_settings_key_format check (setting_key ~ '^[a-z][a-z0-9_]{0,62}$'),
  -- The website reads is_active as a boolean; a malformed value would silently mean "off".
  constraint site_settings_maintenance_shape check (
    setting_key <> 'maintenance_mode' or jsonb_typeof(setting_value -> 'is_active') = 'boolean'
  )
);

comment on table public.site_settings is 'Key/value switches read by every visitor (e.g. maintenance_mode). Never store secrets here.';

alter table public.site_settings enable row level security;

create trigger site_settings_touch_updated_at
  before update on public.site_settings
  for each row execute function private.touch_updated_at();

revoke all on table public.site_settings from anon, authenticated;
grant select on table public.site_settings to anon;
grant select, insert, update, delete on table public.site_settings to authenticated;

-- Every row is public: the site needs maintenance_mode before anyone signs in.
create policy site_settings_select_everyone on public.site_settings
  for select to anon, authenticated
  using (true);
create policy site_settings_insert_staff on public.site_settings
  for insert to authenticated
  with check ((select private.is_staff()));
create policy site_settings_update_staff on public.site_settings
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy site_settings_delete_staff on public.site_settings
  for delete to authenticated
  using ((select private.is_staff()));

-- Impact metrics ------------------------------------------------------------------------------

create table public.impact_metrics (
  id uuid primary key default gen_random_uuid(),
  label text not null,
  value numeric(12, 2) not null,
  -- Shown right after the number: '+', '%', 'k+'.
  suffix text not null default '',
  sort_order integer not null default 0,
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint impact_metrics_label_not_blank check (length(btrim(label)) between 1 and 100),
  constraint impact_metrics_value_not_negative check (value >= 0),
  constraint impact_metrics_suffix_short check (length(suffix) <= 8)
);

comment on table public.impact_metrics is 'Headline figures (professionals trained, satisfaction %) edited on /admin/stats.';

alter table public.impact_metrics enable row level security;

create trigger impact_metrics_touch_updated_at
  before update on public.impact_metrics
  for each row execute function private.touch_updated_at();

revoke all on table public.impact_metrics from anon, authenticated;
grant select on table public.impact_metrics to anon;
grant select, insert, update, delete on table public.impact_metrics to authenticated;

create policy impact_metrics_select_published on public.impact_metrics
  for select to anon, authenticated
  using (is_published);
create policy impact_metrics_select_staff on public.impact_metrics
  for select to authenticated
  using ((select private.is_staff()));
create policy impact_metrics_insert_staff on public.impact_metrics
  for insert to authenticated
  with check ((select private.is_staff()));
create policy impact_metrics_update_staff on public.impact_metrics
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy impact_metrics_delete_staff on public.impact_metrics
  for delete to authenticated
  using ((select private.is_staff()));
