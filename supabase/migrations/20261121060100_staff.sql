-- Staff: the signed-in users allowed into /admin and allowed to change the catalogue.
-- Rows are written only with the service role (`npm run staff:add`), never from a browser.

create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  constraint staff_email_format check (email ~ '^[^@\s]+@[^@\s]+$')
);

comment on table public.staff is 'Users with admin rights. Written by the service role only (npm run staff:add).';

alter table public.staff enable row level security;

-- Supabase grants every table to anon and authenticated by default; RLS alone would already
-- deny, but a missing grant also shuts out any policy written by mistake later.
revoke all on table public.staff from anon, authenticated;
grant select on table public.staff to authenticated;

-- The one question every staff-only policy asks. Security definer so that it can read staff
-- without tripping over staff's own policies (no recursion); stable so that `(select ...)`
-- in a policy is evaluated once per statement, not once per row.
create or replace function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.staff where user_id = (select auth.uid())
  );
$$;

comment on function private.is_staff() is 'True when the current JWT subject has a staff row. Used by RLS policies.';
revoke all on function private.is_staff() from public, anon;
grant execute on function private.is_staff() to authenticated, service_role;

-- A signed-in user may learn whether they are staff (the admin area asks this on start).
create policy staff_select_own on public.staff
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Staff see the whole team.
create policy staff_select_staff on public.staff
  for select to authenticated
  using ((select private.is_staff()));

-- No insert, update or delete policies: only service_role (which bypasses RLS) writes here.
