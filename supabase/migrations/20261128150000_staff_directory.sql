-- The /admin/staff screen's list (issue 26): each staff member with their roles, whether they are
-- active, whether a second factor is enrolled and when they last signed in. The last two live in
-- the auth schema, which staff cannot read: this function answers them to an admin (aal2, as
-- every staff right) and to nobody else.

create or replace function public.staff_members()
returns table (
  user_id uuid,
  email text,
  roles text[],
  deactivated_at timestamptz,
  factor_enrolled boolean,
  last_sign_in_at timestamptz,
  created_at timestamptz
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
           s.created_at
      from public.staff s
      left join auth.users u on u.id = s.user_id
     order by lower(coalesce(u.email, s.email));
end;
$$;

comment on function public.staff_members() is 'Admin: every staff member with roles, active state, second factor enrolled and last sign-in.';
revoke all on function public.staff_members() from public, anon;
grant execute on function public.staff_members() to authenticated, service_role;
