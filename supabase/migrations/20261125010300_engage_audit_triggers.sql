-- Audit triggers for the tables staff write in issue 13 (enquiries: status, assignment, notes;
-- event_registrations: check-in), as the admin contract asks of every staff-writable table.
-- The trigger function comes from the auth branch's migration 20261124200000_audit_log.sql,
-- which sorts before this one: once both are merged the triggers are created; on a branch
-- without that migration the function is missing and this does nothing.
do $$
declare
  name text;
begin
  if to_regprocedure('private.audit_row_change()') is null then
    raise notice 'private.audit_row_change() does not exist yet: no audit triggers for enquiries, event_registrations';
    return;
  end if;
  foreach name in array array['enquiries', 'event_registrations'] loop
    execute format(
      'create trigger %I after insert or update or delete on public.%I for each row execute function private.audit_row_change()',
      name || '_audit', name
    );
  end loop;
end;
$$;
