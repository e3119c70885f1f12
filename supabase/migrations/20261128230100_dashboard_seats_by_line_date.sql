-- The dashboard after ten years of data (issue 33): this month's seats were read order by order,
-- a look-up of each of this month's orders' lines (2,716 of them, 17.5 of the dashboard's 18.8 ms
-- with the large dataset, docs/measurements.md). A line has its order's created_at (both default
-- to the transaction's time in create_order), so this month's lines are one range of an index
-- that also holds their order and seats. Otherwise admin_dashboard() is as in
-- 20261128120100_dashboard_large_data.sql.

create index order_items_created_at_idx on public.order_items (created_at) include (order_id, quantity);
-- The previous way's index, for the seats of one order: reads of an order's lines have
-- order_items_order_position_key.
drop index public.order_items_order_id_quantity_idx;

create or replace function public.admin_dashboard()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  month_start timestamptz := date_trunc('month', now(), 'Africa/Nairobi');
  week_start timestamptz := date_trunc('week', now(), 'Africa/Nairobi') - interval '11 weeks';
  today date := private.nairobi_today();
  result jsonb;
begin
  perform private.require_staff();

  select jsonb_build_object(
    'month_start', month_start,
    'orders_this_month', (
      select jsonb_build_object(
        'count', count(*),
        'booked_usd', coalesce(sum(o.total_usd), 0),
        'booked_kes', coalesce(sum(o.total_kes), 0),
        'paid_usd', coalesce(sum(o.total_usd) filter (where o.status = 'paid'), 0),
        'paid_kes', coalesce(sum(o.total_kes) filter (where o.status = 'paid'), 0),
        'pending', count(*) filter (where o.status in ('pending', 'confirmed')))
        from public.orders o
       where o.created_at >= month_start and o.status <> 'cancelled'),
    'seats_this_month', (
      -- This month's lines from order_items_created_at_idx alone, less those of orders cancelled
      -- this month (a short hashed list): a line is written with its order, in its transaction.
      select coalesce(sum(i.quantity), 0)
        from public.order_items i
       where i.created_at >= month_start
         and i.order_id not in (select o.id from public.orders o
                                 where o.status = 'cancelled' and o.created_at >= month_start)),
    'subscribers_this_month', (
      select count(*) from public.newsletter_subscribers s
       where s.status = 'confirmed' and s.confirmed_at >= month_start),
    'weeks', (
      select jsonb_agg(jsonb_build_object(
               'week_start', to_char(w.start at time zone 'Africa/Nairobi', 'YYYY-MM-DD'),
               'orders', (select count(*) from public.orders o
                           where o.created_at >= w.start and o.created_at < w.start + interval '1 week'),
               'subscribers', (select count(*) from public.newsletter_subscribers s
                                where s.status = 'confirmed'
                                  and s.confirmed_at >= w.start and s.confirmed_at < w.start + interval '1 week'))
             order by w.start)
        from generate_series(week_start, week_start + interval '11 weeks', interval '1 week') as w(start)),
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

comment on function public.admin_dashboard() is 'Staff: the dashboard''s aggregates (this month, weekly series, upcoming, recent orders; confirmed newsletter sign-ups only) as JSON.';

revoke all on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated;
