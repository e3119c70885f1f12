-- Issue 33: the dashboard's figures from one row per Nairobi day instead of every order of the
-- month and of twelve weeks. Its cost then no longer grows with the orders a month brings
-- (2.7k orders and 9k in twelve weeks made it ×2.2 at large size).
--
-- How it stays exact: writers never update a total (that would make every checkout of a day wait
-- on one row); a statement that changes orders, their lines or subscribers only appends the
-- Nairobi days it touched to private.dashboard_stale_days. admin_dashboard() first recomputes
-- those days from the rows themselves, under one lock so that two dashboards never write a day
-- from different snapshots, then sums the days. A change and its mark commit together, so a
-- recompute that sees a mark sees the change.

create table private.dashboard_days (
  day date primary key,
  -- every order created that day, cancelled ones too (the weekly series)
  orders integer not null,
  -- not cancelled
  live_orders integer not null,
  booked_usd numeric not null,
  booked_kes numeric not null,
  paid_usd numeric not null,
  paid_kes numeric not null,
  -- pending or confirmed
  pending integer not null,
  -- seats on the day's orders that are not cancelled
  seats bigint not null,
  -- sign-ups confirmed that day and still confirmed
  subscribers integer not null
);
comment on table private.dashboard_days is
  'The dashboard''s figures per Nairobi day, recomputed from orders, lines and subscribers by private.refresh_dashboard_days().';

create table private.dashboard_stale_days (
  id bigint generated always as identity primary key,
  day date not null
);
comment on table private.dashboard_stale_days is
  'Days whose dashboard figures changed since the last refresh: appended by statement triggers, consumed by private.refresh_dashboard_days().';

-- Only security-definer functions read or write them.
revoke all on private.dashboard_days, private.dashboard_stale_days from public, anon, authenticated;

create function private.nairobi_day(at timestamptz)
returns date
language sql
stable
set search_path = ''
as $$ select (at at time zone 'Africa/Nairobi')::date $$;

/** The figures of the given days, computed from the rows (index ranges on created_at and confirmed_at). */
create function private.dashboard_day_totals(days date[])
returns setof private.dashboard_days
language sql
stable
set search_path = ''
as $$
  select d.day, o.orders, o.live_orders, o.booked_usd, o.booked_kes, o.paid_usd, o.paid_kes, o.pending,
         q.seats, s.subscribers
    from (select distinct x as day from unnest(days) as x) d
    cross join lateral (select (d.day::timestamp at time zone 'Africa/Nairobi') as starts,
                               ((d.day + 1)::timestamp at time zone 'Africa/Nairobi') as ends) r
    cross join lateral (
      select count(*)::integer as orders,
             (count(*) filter (where x.status <> 'cancelled'))::integer as live_orders,
             coalesce(sum(x.total_usd) filter (where x.status <> 'cancelled'), 0) as booked_usd,
             coalesce(sum(x.total_kes) filter (where x.status <> 'cancelled'), 0) as booked_kes,
             coalesce(sum(x.total_usd) filter (where x.status = 'paid'), 0) as paid_usd,
             coalesce(sum(x.total_kes) filter (where x.status = 'paid'), 0) as paid_kes,
             (count(*) filter (where x.status in ('pending', 'confirmed')))::integer as pending
        from public.orders x
       where x.created_at >= r.starts and x.created_at < r.ends) o
    cross join lateral (
      select coalesce(sum(i.quantity), 0)::bigint as seats
        from public.orders x
        join public.order_items i on i.order_id = x.id
       where x.created_at >= r.starts and x.created_at < r.ends and x.status <> 'cancelled') q
    cross join lateral (
      select count(*)::integer as subscribers
        from public.newsletter_subscribers n
       where n.status = 'confirmed' and n.confirmed_at >= r.starts and n.confirmed_at < r.ends) s
$$;

/** Recomputes the days marked stale. One refresh at a time (see the header). */
create function private.refresh_dashboard_days()
returns void
language plpgsql
set search_path = ''
as $$
declare
  stale date[];
begin
  -- Taken before the statements below take their snapshots: they see the last refresh's writes.
  perform pg_advisory_xact_lock(hashtext('private.refresh_dashboard_days'));
  with taken as (delete from private.dashboard_stale_days returning day)
  select coalesce(array_agg(distinct day), '{}') into stale from taken;
  if cardinality(stale) = 0 then
    return;
  end if;
  insert into private.dashboard_days
  select * from private.dashboard_day_totals(stale) t order by t.day
  on conflict (day) do update
     set orders = excluded.orders, live_orders = excluded.live_orders,
         booked_usd = excluded.booked_usd, booked_kes = excluded.booked_kes,
         paid_usd = excluded.paid_usd, paid_kes = excluded.paid_kes,
         pending = excluded.pending, seats = excluded.seats, subscribers = excluded.subscribers;
end;
$$;

/** Every day with data, from scratch: the backfill below and scripts/seed-large.sql (which writes with triggers off). */
create function private.rebuild_dashboard_days()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('private.refresh_dashboard_days'));
  delete from private.dashboard_stale_days;
  delete from private.dashboard_days;
  insert into private.dashboard_days
  select * from private.dashboard_day_totals(array(
    select private.nairobi_day(o.created_at) from public.orders o
    union
    select private.nairobi_day(n.confirmed_at) from public.newsletter_subscribers n where n.confirmed_at is not null));
end;
$$;

-- The marks. Statement triggers with transition tables: one short insert per statement, of the
-- distinct days it touched (a checkout appends one row).
create function private.mark_order_days_stale()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.dashboard_stale_days (day)
    select distinct private.nairobi_day(o.created_at) from old_rows o;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.dashboard_stale_days (day)
    select distinct private.nairobi_day(o.created_at) from new_rows o;
  end if;
  return null;
end;
$$;

-- A line counts on its order's day. A line deleted with its order: the order's trigger marks the day.
create function private.mark_order_item_days_stale()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.dashboard_stale_days (day)
    select distinct private.nairobi_day(o.created_at)
      from old_rows i join public.orders o on o.id = i.order_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.dashboard_stale_days (day)
    select distinct private.nairobi_day(o.created_at)
      from new_rows i join public.orders o on o.id = i.order_id;
  end if;
  return null;
end;
$$;

create function private.mark_subscriber_days_stale()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.dashboard_stale_days (day)
    select distinct private.nairobi_day(s.confirmed_at) from old_rows s where s.confirmed_at is not null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.dashboard_stale_days (day)
    select distinct private.nairobi_day(s.confirmed_at) from new_rows s where s.confirmed_at is not null;
  end if;
  return null;
end;
$$;

revoke all on function private.mark_order_days_stale(), private.mark_order_item_days_stale(),
  private.mark_subscriber_days_stale(), private.refresh_dashboard_days(), private.rebuild_dashboard_days(),
  private.dashboard_day_totals(date[]), private.nairobi_day(timestamptz) from public, anon, authenticated;

-- PostgreSQL allows transition tables only on single-event triggers: three per table.
create trigger orders_dashboard_inserted after insert on public.orders
  referencing new table as new_rows for each statement execute function private.mark_order_days_stale();
create trigger orders_dashboard_updated after update on public.orders
  referencing old table as old_rows new table as new_rows for each statement execute function private.mark_order_days_stale();
create trigger orders_dashboard_deleted after delete on public.orders
  referencing old table as old_rows for each statement execute function private.mark_order_days_stale();

create trigger order_items_dashboard_inserted after insert on public.order_items
  referencing new table as new_rows for each statement execute function private.mark_order_item_days_stale();
create trigger order_items_dashboard_updated after update on public.order_items
  referencing old table as old_rows new table as new_rows for each statement execute function private.mark_order_item_days_stale();
create trigger order_items_dashboard_deleted after delete on public.order_items
  referencing old table as old_rows for each statement execute function private.mark_order_item_days_stale();

create trigger newsletter_subscribers_dashboard_inserted after insert on public.newsletter_subscribers
  referencing new table as new_rows for each statement execute function private.mark_subscriber_days_stale();
create trigger newsletter_subscribers_dashboard_updated after update on public.newsletter_subscribers
  referencing old table as old_rows new table as new_rows for each statement execute function private.mark_subscriber_days_stale();
create trigger newsletter_subscribers_dashboard_deleted after delete on public.newsletter_subscribers
  referencing old table as old_rows for each statement execute function private.mark_subscriber_days_stale();

select private.rebuild_dashboard_days();

-- The lines' date index served only the dashboard's seats (20261128230100); the days replace it.
drop index public.order_items_created_at_idx;

-- Same answer as before (20261128230100), read from the days. Volatile now: it refreshes them.
create or replace function public.admin_dashboard()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  month_start timestamptz := date_trunc('month', now(), 'Africa/Nairobi');
  week_start timestamptz := date_trunc('week', now(), 'Africa/Nairobi') - interval '11 weeks';
  month_day date := private.nairobi_day(date_trunc('month', now(), 'Africa/Nairobi'));
  week_day date := private.nairobi_day(date_trunc('week', now(), 'Africa/Nairobi') - interval '11 weeks');
  today date := private.nairobi_today();
  result jsonb;
begin
  perform private.require_staff();
  perform private.refresh_dashboard_days();

  select jsonb_build_object(
    'month_start', month_start,
    'orders_this_month', (
      select jsonb_build_object(
        'count', coalesce(sum(d.live_orders), 0),
        'booked_usd', coalesce(sum(d.booked_usd), 0),
        'booked_kes', coalesce(sum(d.booked_kes), 0),
        'paid_usd', coalesce(sum(d.paid_usd), 0),
        'paid_kes', coalesce(sum(d.paid_kes), 0),
        'pending', coalesce(sum(d.pending), 0))
        from private.dashboard_days d
       where d.day >= month_day),
    'seats_this_month', (
      select coalesce(sum(d.seats), 0) from private.dashboard_days d where d.day >= month_day),
    'subscribers_this_month', (
      select coalesce(sum(d.subscribers), 0) from private.dashboard_days d where d.day >= month_day),
    'weeks', (
      select jsonb_agg(jsonb_build_object(
               'week_start', to_char(w.day, 'YYYY-MM-DD'),
               'orders', (select coalesce(sum(d.orders), 0) from private.dashboard_days d
                           where d.day >= w.day and d.day < w.day + 7),
               'subscribers', (select coalesce(sum(d.subscribers), 0) from private.dashboard_days d
                                where d.day >= w.day and d.day < w.day + 7))
             order by w.day)
        from generate_series(0, 11) as g(n)
        cross join lateral (select week_day + 7 * g.n as day) w),
    'upcoming_intakes', coalesce((
      select jsonb_agg(x order by x.starts_on, x.title)
        from (select t.id, p.title, t.starts_on, t.ends_on, t.is_online, t.venue, t.capacity, t.is_published,
                     t.capacity - coalesce((select sum(l.quantity) from public.order_items l
                                              join public.orders o on o.id = l.order_id and o.status <> 'cancelled'
                                             where l.intake_id = t.id), 0) as seats_left
                from public.program_intakes t
                join public.training_programs p on p.id = t.program_id
               where t.starts_on > today
               order by t.starts_on, p.title
               limit 5) x), '[]'::jsonb),
    'upcoming_events', coalesce((
      select jsonb_agg(x order by x.starts_at, x.title)
        from (select e.id, e.title, e.starts_at, e.venue, e.is_published
                from public.events e
               where e.starts_at > now()
               order by e.starts_at, e.title
               limit 5) x), '[]'::jsonb),
    'recent_orders', coalesce((
      select jsonb_agg(x order by x.created_at desc)
        from (select o.id, o.reference, o.customer_name, o.organisation, o.status, o.currency,
                     o.total_usd, o.total_kes, o.created_at
                from public.orders o
               order by o.created_at desc
               limit 8) x), '[]'::jsonb),
    'maintenance_active', coalesce((
      select (s.setting_value ->> 'is_active')::boolean from public.site_settings s
       where s.setting_key = 'maintenance_mode' and jsonb_typeof(s.setting_value -> 'is_active') = 'boolean'), false)
  ) into result;
  return result;
end;
$$;
comment on function public.admin_dashboard() is 'Staff: the dashboard''s aggregates (this month, weekly series, upcoming, recent orders; confirmed newsletter sign-ups only) as JSON, from private.dashboard_days.';

revoke all on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated;
