-- A stolen password alone changes nothing (issue 26): staff rights need an open session that
-- passed the second factor, aal2 in the JWT (Supabase's "Enforce MFA with Row Level Security"). Every staff
-- policy and staff function asks private.staff_roles() (through staff_may, is_staff,
-- has_staff_role), so this one check covers every staff read and write. A staff member at aal1
-- can still read their own staff row (staff_select_own), which tells the sign-in to ask for the code.

-- Redefined from 20261128060000_staff_roles.sql: no roles below aal2.
create or replace function private.staff_roles()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.roles from public.staff s
      where s.user_id = (select auth.uid())
        and s.deactivated_at is null
        and coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
        -- The session is still open: signed out everywhere, or ended by an admin, its access
        -- token (valid for up to an hour) carries no rights from the next request on.
        and exists (
          select 1 from auth.sessions session
           where session.id = nullif((select auth.jwt()) ->> 'session_id', '')::uuid
             and session.user_id = s.user_id
        )),
    array[]::text[]
  );
$$;

comment on function private.staff_roles() is
  'The roles of the current JWT subject: empty unless an active staff member whose session is open and passed the second factor (aal2).';
