-- The audit log: every write to a table staff can change is recorded by a trigger (who, when,
-- which table and row, the row before and after). Written only by the trigger; staff read it
-- through public.audit_log_entries(); nobody, staff included, can change or remove an entry.

create table private.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- auth.uid() and the JWT's e-mail; both null for the service role, migrations and SQL consoles.
  actor_id uuid,
  actor_email text,
  -- The JWT's role (authenticated, service_role), or the database user when there is no JWT.
  actor_role text not null,
  table_name text not null,
  row_id text not null,
  action text not null,
  before jsonb,
  after jsonb,
  constraint audit_log_action_known check (action in ('INSERT', 'UPDATE', 'DELETE')),
  constraint audit_log_images_match_action check (
    (action = 'INSERT' and before is null and after is not null)
    or (action = 'UPDATE' and before is not null and after is not null)
    or (action = 'DELETE' and before is not null and after is null)
  )
);

comment on table private.audit_log is
  'Every write to a staff-writable table, by private.audit_row_change(). Append-only; read through public.audit_log_entries().';

create index audit_log_row_idx on private.audit_log (table_name, row_id, id desc);
create index audit_log_recent_idx on private.audit_log (id desc);

-- No policies: nobody reads or writes it directly (the trigger and the RPC run as its owner).
alter table private.audit_log enable row level security;
revoke all on table private.audit_log from public, anon, authenticated, service_role;

-- Append-only even for roles that could bypass the grants (the owner, a superuser's console).
create or replace function private.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the audit log cannot be changed or emptied'
    using errcode = '42501', hint = 'Audit entries are append-only.';
end;
$$;

revoke all on function private.audit_log_append_only() from public;

create trigger audit_log_no_update_delete
  before update or delete on private.audit_log
  for each row execute function private.audit_log_append_only();

create trigger audit_log_no_truncate
  before truncate on private.audit_log
  for each statement execute function private.audit_log_append_only();

-- The one writer. Security definer: the staff member's role has no rights on the log itself.
create or replace function private.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
begin
  -- An update that changed nothing (a form saved as it was) is not a change worth a line; the
  -- updated_at stamp moves on every update, so it does not count.
  if tg_op = 'UPDATE' and old_row - 'updated_at' = new_row - 'updated_at' then
    return null;
  end if;
  insert into private.audit_log (actor_id, actor_email, actor_role, table_name, row_id, action, before, after)
  values (
    auth.uid(),
    claims ->> 'email',
    coalesce(claims ->> 'role', session_user),
    tg_table_schema || '.' || tg_table_name,
    coalesce(new_row ->> 'id', old_row ->> 'id'),
    tg_op,
    old_row,
    new_row
  );
  return null;
end;
$$;

comment on function private.audit_row_change() is
  'After-row trigger for every staff-writable table: appends who, when, table, row id, before and after to private.audit_log.';
revoke all on function private.audit_row_change() from public;

-- Every table with staff write policies today. A table added later that staff write gets the same
-- trigger in its own migration (tests/integration/audit-log.test.ts fails until it does).
do $$
declare
  name text;
begin
  foreach name in array array[
    'events', 'training_programs', 'services', 'site_settings', 'impact_metrics', 'orders', 'program_intakes'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete on public.%I for each row execute function private.audit_row_change()',
      name || '_audit', name
    );
  end loop;
end;
$$;

-- Staff (and the service role) read the log: all of it (newest first) or one row's history (its page), a page at a time.
create or replace function public.audit_log_entries(
  p_table_name text default null,
  p_row_id text default null,
  p_limit integer default 50,
  p_before_id bigint default null
)
returns table (
  id bigint,
  occurred_at timestamptz,
  actor_id uuid,
  actor_email text,
  actor_role text,
  table_name text,
  row_id text,
  action text,
  before jsonb,
  after jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not ((select auth.role()) = 'service_role' or (select private.is_staff())) then
    raise exception 'only staff can read the audit log' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 500 then
    raise exception 'p_limit must be between 1 and 500' using errcode = '22023', hint = 'p_limit';
  end if;
  return query
    select l.id, l.occurred_at, l.actor_id, l.actor_email, l.actor_role, l.table_name, l.row_id, l.action, l.before, l.after
    from private.audit_log l
    where (p_table_name is null or l.table_name = p_table_name or l.table_name = 'public.' || p_table_name)
      and (p_row_id is null or l.row_id = p_row_id)
      and (p_before_id is null or l.id < p_before_id)
    order by l.id desc
    limit p_limit;
end;
$$;

comment on function public.audit_log_entries(text, text, integer, bigint) is
  'Staff only: audit entries newest first, optionally for one table (events or public.events) and row id; p_before_id pages back.';
revoke all on function public.audit_log_entries(text, text, integer, bigint) from public, anon;
grant execute on function public.audit_log_entries(text, text, integer, bigint) to authenticated, service_role;
