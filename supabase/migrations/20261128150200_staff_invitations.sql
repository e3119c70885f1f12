-- Staff invitations (issue 26): an admin invites an address with roles. The mail is sent by the
-- auth server (auth.admin.inviteUserByEmail, service role, from the staff-invite edge function);
-- the database decides who may invite and records the new member with their roles, audited with
-- the inviting admin as the actor. The invitee sets a password through the link and enrols the
-- second factor at their first sign-in; until then the staff list shows them as invited.

-- Asked before any mail goes: the caller is an admin (aal2), the roles are known, the address is
-- not on the staff list yet.
create or replace function public.check_staff_invite(email text, roles text[])
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff_role('admin');
  if email is null or email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform private.refuse('email', 'email_invalid', 'Enter the e-mail address of the person to invite.');
  end if;
  if roles is null or cardinality(roles) = 0 then
    perform private.refuse('roles', 'roles_required', 'Choose at least one role.');
  end if;
  if not roles <@ array['admin', 'finance', 'programmes', 'marketing', 'front_desk'] then
    perform private.refuse('roles', 'unknown_role', 'Roles are admin, finance, programmes, marketing and front_desk.');
  end if;
  if exists (select 1 from public.staff s where lower(s.email) = lower(check_staff_invite.email)) then
    perform private.refuse('email', 'already_staff', 'This address is already on the staff list.');
  end if;
end;
$$;

comment on function public.check_staff_invite(text, text[]) is 'Admin: may this address be invited with these roles? Asked before the invitation mail.';

-- After the auth server created the invited user: their staff row, with the admin as the actor.
create or replace function public.add_invited_staff(target uuid, roles text[])
returns public.staff
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  invited auth.users;
  added public.staff;
begin
  perform private.require_staff_role('admin');
  select u.* into invited from auth.users u where u.id = target and u.invited_at is not null;
  if invited.id is null then
    perform private.refuse('target', 'not_invited', 'This person has not been invited.');
  end if;
  perform public.check_staff_invite(invited.email, roles);
  insert into public.staff (user_id, email, roles)
  values (target, invited.email, (select array_agg(distinct r order by r) from unnest(add_invited_staff.roles) r))
  returning * into added;
  return added;
end;
$$;

comment on function public.add_invited_staff(uuid, text[]) is 'Admin: records an invited user as staff with these roles (audited).';

revoke all on function public.check_staff_invite(text, text[]) from public, anon;
revoke all on function public.add_invited_staff(uuid, text[]) from public, anon;
grant execute on function public.check_staff_invite(text, text[]) to authenticated, service_role;
grant execute on function public.add_invited_staff(uuid, text[]) to authenticated, service_role;

-- The staff list says who has not accepted their invitation yet (redefined from 20261128150000).
drop function public.staff_members();
create function public.staff_members()
returns table (
  user_id uuid,
  email text,
  roles text[],
  deactivated_at timestamptz,
  factor_enrolled boolean,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  invitation_pending boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff_role('admin');
  return query
    select s.user_id,
           coalesce(u.email, s.email)::text,
           s.roles,
           s.deactivated_at,
           exists (select 1 from auth.mfa_factors f where f.user_id = s.user_id and f.status = 'verified'),
           u.last_sign_in_at,
           s.created_at,
           (u.invited_at is not null and u.email_confirmed_at is null)
      from public.staff s
      left join auth.users u on u.id = s.user_id
     order by lower(coalesce(u.email, s.email));
end;
$$;

comment on function public.staff_members() is 'Admin: every staff member with roles, active state, second factor enrolled, last sign-in and whether an invitation is pending.';
revoke all on function public.staff_members() from public, anon;
grant execute on function public.staff_members() to authenticated, service_role;
