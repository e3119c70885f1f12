-- Staff management by admins (issue 26): change a person's roles, deactivate or reactivate them,
-- never leaving the institute without an active admin. Changes to public.staff are audited (who,
-- with which roles: the audit log's trigger), like every other staff-written table.

-- The last active admin stays: refused in the database whatever the client.
create or replace function private.keep_an_active_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.staff s where 'admin' = any(s.roles) and s.deactivated_at is null
  ) then
    raise exception using errcode = '23514', hint = 'last_admin',
      message = 'This is the last active admin. Make someone else an admin first.';
  end if;
  return null;
end;
$$;

revoke all on function private.keep_an_active_admin() from public;

-- Checked after the row changed, only for a change that takes an active admin away (roles or
-- deactivation). Deleting a user (the service role, scripts) is not a staff action and is not held.
create trigger staff_keep_an_active_admin
  after update on public.staff
  for each row
  when (
    'admin' = any(old.roles) and old.deactivated_at is null
    and not ('admin' = any(new.roles) and new.deactivated_at is null)
  )
  execute function private.keep_an_active_admin();

create trigger staff_audit
  after insert or update or delete on public.staff
  for each row execute function private.audit_row_change();

-- public.staff has no key column named id: the audit's row id is the user id.
-- (audit_row_change reads `id`; a generated column gives it one.)
alter table public.staff add column id uuid generated always as (user_id) stored;

create or replace function public.set_staff_roles(target uuid, roles text[])
returns public.staff
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  changed public.staff;
begin
  perform private.require_staff_role('admin');
  if roles is null or cardinality(roles) = 0 then
    perform private.refuse('roles', 'roles_required', 'Choose at least one role.');
  end if;
  if not roles <@ array['admin', 'finance', 'programmes', 'marketing', 'front_desk'] then
    perform private.refuse('roles', 'unknown_role', 'Roles are admin, finance, programmes, marketing and front_desk.');
  end if;
  update public.staff s set roles = (select array_agg(distinct r order by r) from unnest(set_staff_roles.roles) r)
   where s.user_id = target
  returning * into changed;
  if changed.user_id is null then
    perform private.refuse('target', 'staff_not_found', 'This person is not on the staff list.');
  end if;
  return changed;
end;
$$;

comment on function public.set_staff_roles(uuid, text[]) is 'Admin: gives a staff member these roles (at least one). Never removes the last active admin.';

create or replace function public.set_staff_active(target uuid, active boolean)
returns public.staff
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  changed public.staff;
begin
  perform private.require_staff_role('admin');
  if active is null then
    perform private.refuse('active', 'active_required', 'Say whether the person should be active.');
  end if;
  -- Deactivated: their roles are gone at once (private.staff_roles), for every open session.
  update public.staff s
     set deactivated_at = case when active then null else coalesce(s.deactivated_at, now()) end
   where s.user_id = target
  returning * into changed;
  if changed.user_id is null then
    perform private.refuse('target', 'staff_not_found', 'This person is not on the staff list.');
  end if;
  -- Their sessions end (refresh tokens go with them): no device refreshes into a new token.
  if not active then
    delete from auth.sessions where user_id = target;
  end if;
  return changed;
end;
$$;

comment on function public.set_staff_active(uuid, boolean) is 'Admin: deactivates (no rights at once) or reactivates a staff member. Never the last active admin.';

revoke all on function public.set_staff_roles(uuid, text[]) from public, anon;
revoke all on function public.set_staff_active(uuid, boolean) from public, anon;
grant execute on function public.set_staff_roles(uuid, text[]) to authenticated, service_role;
grant execute on function public.set_staff_active(uuid, boolean) to authenticated, service_role;

-- A lost phone: an admin removes the person's second factors; they enrol a new one at their next
-- sign-in (their sessions end). Audited as a delete of the factors (no key, only ids and times).
create or replace function public.reset_staff_factor(target uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  removed jsonb;
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
begin
  perform private.require_staff_role('admin');
  if not exists (select 1 from public.staff s where s.user_id = target) then
    perform private.refuse('target', 'staff_not_found', 'This person is not on the staff list.');
  end if;
  with gone as (
    delete from auth.mfa_factors f where f.user_id = target
    returning f.id, f.factor_type, f.status, f.created_at
  )
  select jsonb_agg(to_jsonb(gone)) into removed from gone;
  if removed is null then
    perform private.refuse('target', 'no_factor', 'This person has no second factor to reset.');
  end if;
  delete from auth.sessions where user_id = target;
  insert into private.audit_log (actor_id, actor_email, actor_role, table_name, row_id, action, before, after)
  values (auth.uid(), claims ->> 'email', coalesce(claims ->> 'role', session_user), 'auth.mfa_factors',
          target::text, 'DELETE', jsonb_build_object('factors', removed), null);
  return jsonb_array_length(removed);
end;
$$;

comment on function public.reset_staff_factor(uuid) is 'Admin: removes a staff member''s second factors (lost phone) and ends their sessions; audited.';
revoke all on function public.reset_staff_factor(uuid) from public, anon;
grant execute on function public.reset_staff_factor(uuid) to authenticated, service_role;
