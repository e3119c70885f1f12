-- The events list and an event's registrations page ask for the counts of a few events, but
-- event_registration_counts() counted every registration of every event and PostgREST filtered
-- the result afterwards (a function with `set search_path` is never inlined, so the filter could
-- not reach the table): ×7 slower with 100k registrations (issue 33, docs/measurements.md). The
-- events are now its argument, read through event_registrations_event_status_idx.

drop function public.event_registration_counts();

create function public.event_registration_counts(event_ids uuid[])
returns table (event_id uuid, confirmed_seats integer, confirmed integer, waitlisted integer, cancelled integer,
               checked_in integer)
language sql
stable
set search_path = ''
as $$
  select r.event_id,
         coalesce(sum(r.seats) filter (where r.status = 'confirmed'), 0)::integer,
         (count(*) filter (where r.status = 'confirmed'))::integer,
         (count(*) filter (where r.status = 'waitlisted'))::integer,
         (count(*) filter (where r.status = 'cancelled'))::integer,
         (count(*) filter (where r.checked_in_at is not null))::integer
    from public.event_registrations r
   where r.event_id = any (event_ids)
   group by r.event_id;
$$;

comment on function public.event_registration_counts(uuid[]) is
  'Staff (RLS of event_registrations applies): the registrations of each of the given events, counted.';

revoke all on function public.event_registration_counts(uuid[]) from public, anon;
grant execute on function public.event_registration_counts(uuid[]) to authenticated;
