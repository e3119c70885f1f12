-- Customer accounts (issue 28) sign in with an e-mailed code (Supabase Auth's e-mail OTP). A code
-- proves a mailbox, not the staff member's password: a session opened by one never carries staff
-- rights, even for a staff member's address and after the second factor. The session's sign-in
-- methods are read from auth.mfa_amr_claims (written by Auth, never by the browser); the JWT's
-- metadata is not consulted at all, so no user or app metadata can grant a role.

-- Redefined from 20261128060100_staff_require_aal2.sql: no roles for a session opened by a code.
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
             -- Opened with a password: not by an e-mailed code or link (GoTrue's amr methods
             -- for e-mail OTP, magic link and sign-up confirmation).
             and not exists (
               select 1 from auth.mfa_amr_claims claim
                where claim.session_id = session.id
                  and claim.authentication_method in ('otp', 'magiclink', 'email/signup')
             )
        )),
    array[]::text[]
  );
$$;

comment on function private.staff_roles() is
  'The roles of the current JWT subject: empty unless an active staff member whose session is open, was opened with a password (not an e-mailed code) and passed the second factor (aal2).';
