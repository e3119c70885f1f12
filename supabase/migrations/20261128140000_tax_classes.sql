-- Tax classes (issue 29): KRA's eTIMS taxation types with their rate as data, so a change in the
-- law is a row update by finance, never a code change (domain/vat.ts does the arithmetic with
-- whatever rate the row holds). Every program and event carries a class; a new one gets the
-- institute's default from site_settings (default_tax_class): whether training is exempt is the
-- institute's call. The seed is standard-rated (B): charging VAT until the institute decides
-- otherwise is the mistake that can be corrected with a credit note.

create table public.tax_classes (
  -- KRA's taxation type code; named id for the audit log's row id.
  id text primary key,
  label text not null,
  -- 16 % is 1600: basis points keep a rate such as 14.5 % exact.
  rate_basis_points integer not null,
  updated_at timestamptz not null default now(),
  constraint tax_classes_kra_code check (id in ('A', 'B', 'C', 'D', 'E')),
  constraint tax_classes_label_length check (char_length(label) between 1 and 60),
  constraint tax_classes_rate_range check (rate_basis_points between 0 and 10000),
  -- Exempt (A), zero-rated (C) and non-VAT (D) carry no VAT by definition.
  constraint tax_classes_untaxed_have_no_rate check (id in ('B', 'E') or rate_basis_points = 0)
);

comment on table public.tax_classes is
  'KRA eTIMS taxation types (A exempt, B standard, C zero-rated, D non-VAT, E reduced) and their VAT rate in basis points. Finance changes rates.';

-- The same list as domain/vat.ts's KRA_TAX_TYPES (the seed of both).
insert into public.tax_classes (id, label, rate_basis_points) values
  ('A', 'Exempt', 0),
  ('B', 'VAT 16 %', 1600),
  ('C', 'Zero-rated', 0),
  ('D', 'Non-VAT', 0),
  ('E', 'VAT 8 %', 800);

create trigger tax_classes_touch_updated_at
  before update on public.tax_classes
  for each row execute function private.touch_updated_at();

create trigger tax_classes_audit
  after insert or update or delete on public.tax_classes
  for each row execute function private.audit_row_change();

alter table public.tax_classes enable row level security;
revoke all on table public.tax_classes from anon, authenticated;
-- Visitors see the VAT part of a price in the cart and at checkout: the rates are public.
grant select on table public.tax_classes to anon, authenticated;
-- The codes are KRA's: staff change a class's label or rate, never add or remove one.
grant update (label, rate_basis_points) on table public.tax_classes to authenticated;

create policy tax_classes_select_everyone on public.tax_classes
  for select to anon, authenticated
  using (true);
create policy tax_classes_update_finance on public.tax_classes
  for update to authenticated
  using ((select private.staff_may('tax_classes', true)))
  with check ((select private.staff_may('tax_classes', true)));

insert into private.staff_access (relation, role, may_write) values
  ('tax_classes', 'finance', true),
  ('tax_classes', 'programmes', false),
  ('tax_classes', 'marketing', false),
  ('tax_classes', 'front_desk', false);

-- The institute's default class for new programs and events.
alter table public.site_settings
  add constraint site_settings_default_tax_class_shape check (
    setting_key <> 'default_tax_class' or setting_value ->> 'tax_class' in ('A', 'B', 'C', 'D', 'E')
  );

insert into public.site_settings (setting_key, setting_value)
values ('default_tax_class', '{"tax_class": "B"}')
on conflict (setting_key) do nothing;

create or replace function private.default_tax_class()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.setting_value ->> 'tax_class' from public.site_settings s where s.setting_key = 'default_tax_class'),
    'B'
  );
$$;

comment on function private.default_tax_class() is
  'The tax class a new program or event gets: site_settings default_tax_class, standard-rated (B) when unset.';
revoke all on function private.default_tax_class() from public;
grant execute on function private.default_tax_class() to anon, authenticated, service_role;

alter table public.training_programs
  add column tax_class text not null default private.default_tax_class()
    references public.tax_classes (id);
alter table public.events
  add column tax_class text not null default private.default_tax_class()
    references public.tax_classes (id);

comment on column public.training_programs.tax_class is 'The VAT class of the price (public.tax_classes); prices include VAT.';
comment on column public.events.tax_class is 'The VAT class of a paid event''s price (public.tax_classes); prices include VAT.';
