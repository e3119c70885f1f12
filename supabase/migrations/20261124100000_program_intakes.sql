-- Intakes: the dated runs of a training program a customer books seats on (start and end date,
-- a venue or online, a capacity). Staff write them; visitors read published upcoming intakes
-- with their seats left through the public_program_intakes view, which the next migration
-- defines because seats left are counted from the order lines it adds.

create table public.program_intakes (
  id uuid primary key default gen_random_uuid(),
  program_id uuid not null references public.training_programs (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  -- Online intakes have no venue; in-person and hybrid ones name where they meet.
  is_online boolean not null default false,
  venue text,
  capacity integer not null,
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint program_intakes_ends_after_start check (ends_on >= starts_on),
  constraint program_intakes_capacity_range check (capacity between 1 and 1000),
  constraint program_intakes_venue_or_online check (
    (is_online and venue is null) or (not is_online and venue is not null and length(btrim(venue)) between 1 and 200)
  ),
  -- Two runs of one program never start on the same day: it keeps "which intake?" unambiguous.
  constraint program_intakes_program_start_key unique (program_id, starts_on)
);

comment on table public.program_intakes is 'Dated runs of a training program with a capacity. Public reads go through public_program_intakes.';

alter table public.program_intakes enable row level security;

create trigger program_intakes_touch_updated_at
  before update on public.program_intakes
  for each row execute function private.touch_updated_at();

-- A program page lists its upcoming published intakes in date order; the unique key above
-- already serves (program_id, starts_on) lookups for staff, this one skips drafts for visitors.
create index program_intakes_published_program_starts_idx
  on public.program_intakes (program_id, starts_on) where is_published;

-- Anonymous visitors never touch the table (they read the view); staff write it under RLS.
revoke all on table public.program_intakes from anon, authenticated;
grant select, insert, update, delete on table public.program_intakes to authenticated;

create policy program_intakes_select_staff on public.program_intakes
  for select to authenticated
  using ((select private.is_staff()));
create policy program_intakes_insert_staff on public.program_intakes
  for insert to authenticated
  with check ((select private.is_staff()));
create policy program_intakes_update_staff on public.program_intakes
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy program_intakes_delete_staff on public.program_intakes
  for delete to authenticated
  using ((select private.is_staff()));
