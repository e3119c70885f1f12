-- The dashboard's upcoming intakes: seats left by the one rule the checkout and the visitors' list
-- use (private.intake_seats_free, 20261129360100_voucher_held_seats.sql): orders that hold seats
-- (an expired unpaid order no longer does) and the seats voucher holds keep back. The dashboard
-- counted every order but the cancelled ones and no holds, so it showed staff fewer (or other)
-- seats than a visitor could book.
--
-- public.admin_dashboard: from 20261129100000_dashboard_daily_totals.sql, changed only in
-- upcoming_intakes.seats_left.

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
                     private.intake_seats_free(t.id) as seats_left
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
