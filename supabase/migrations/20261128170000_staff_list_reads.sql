-- The staff's orders and subscribers lists with ten years of data (issue 33; docs/large-data.md).
--
-- EXPLAIN (ANALYZE) of the orders search "wanjiku" as a staff member (aal2) at 200k orders: a
-- sequential scan of every order and a sort (160 ms), where the service role walks the
-- created_at index and stops after 715 rows (0.8 ms). The cause is not the policy (it is already
-- `(select private.staff_may(...))`, evaluated once) but what RLS does to the planner: on a
-- table with row security, PostgreSQL hides the column statistics from an operator that is not
-- leakproof (ilike is not), so it guessed 27 matching rows instead of 6,667, and keeps such a
-- qual out of the trigram indexes. The guess also made PostgREST's count=estimated (exact up to
-- 1000 rows) count every match exactly: a second scan of the table. Marking ilike leakproof
-- needs a superuser (not available on the hosted platform), and no leakproof operator matches a
-- substring.
--
-- So a list page and its count are planned with the owner's statistics: two security definer
-- functions per list check private.staff_may first (the same question the select policy asks),
-- then run the list's query (filter, search, sort, page) with EXECUTE, planned for the values
-- given. PostgREST still embeds the related rows (the orders' M-Pesa receipts), through their
-- own RLS. The count answers as PostgREST's count=estimated does: the planner's estimate above
-- 1000 rows (PostgREST's max rows), else the exact count.

-- ilike's pattern for "contains this text", its wildcards taken literally.
create function private.contains_pattern(search text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

comment on function private.contains_pattern(text) is 'ilike pattern matching the text anywhere, with %, _ and \ taken literally.';

-- EXPLAIN is a utility statement, which a stable function may not run: this one is volatile.
create function private.estimated_count(query text)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  plan jsonb;
  estimate bigint;
  exact bigint;
begin
  execute 'explain (format json) ' || query into plan;
  estimate := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
  if estimate > 1000 then
    return estimate;
  end if;
  execute format('select count(*) from (%s) as counted', query) into exact;
  return exact;
end;
$$;

comment on function private.estimated_count(text) is
  'PostgREST''s count=estimated for a query: the planner''s row estimate above 1000 (max rows), else the exact count.';
revoke all on function private.estimated_count(text) from public, anon, authenticated;

-- The orders list's where clause (alias o): status, paid by M-Pesa (a succeeded attempt), search.
create function private.staff_orders_where(search text, status text, mpesa_only boolean)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(' and ', 'true',
    case when status is not null then format('o.status = %L', status) end,
    case when mpesa_only then
      'exists (select 1 from public.mpesa_payment_attempts a where a.order_id = o.id and a.status = ''succeeded'')'
    end,
    case when coalesce(btrim(search), '') <> '' then
      format('(o.reference ilike %1$L or o.customer_email ilike %1$L or o.organisation ilike %1$L)',
             private.contains_pattern(btrim(search)))
    end);
$$;

create function public.staff_orders_page(
  search text default '',
  status text default null,
  mpesa_only boolean default false,
  sort text default 'created_at',
  descending boolean default true,
  reversed boolean default false,
  skip integer default 0,
  take integer default 25
)
returns setof public.orders
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('orders', false) then
    raise exception using errcode = '42501', message = 'Only staff members can read the orders. Sign in with a staff account.';
  end if;
  if sort is null or sort not in ('created_at', 'reference', 'total_usd', 'status') then
    raise exception using errcode = '22023', message = format('The orders cannot be sorted by %s.', coalesce(sort, 'nothing'));
  end if;
  if skip is null or skip < 0 or take is null or take not between 1 and 1000 then
    raise exception using errcode = '22023', message = 'A page starts at row 0 or later and holds 1 to 1000 rows.';
  end if;
  -- The id breaks ties (pages are stable); a page read from the end flips both, as the list does.
  return query execute format(
    'select o.* from public.orders o where %s order by o.%I %s, o.id %s offset %s limit %s',
    private.staff_orders_where(search, status, mpesa_only), sort,
    case when descending <> reversed then 'desc' else 'asc' end,
    case when reversed then 'desc' else 'asc' end,
    skip, take);
end;
$$;

comment on function public.staff_orders_page(text, text, boolean, text, boolean, boolean, integer, integer) is
  'Staff: one page of the orders list (status, paid by M-Pesa, search in reference, e-mail and organisation; sort; reversed reads from the end), planned with the owner''s statistics.';

create function public.staff_orders_count(search text default '', status text default null, mpesa_only boolean default false)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('orders', false) then
    raise exception using errcode = '42501', message = 'Only staff members can read the orders. Sign in with a staff account.';
  end if;
  return private.estimated_count(
    format('select 1 from public.orders o where %s', private.staff_orders_where(search, status, mpesa_only)));
end;
$$;

comment on function public.staff_orders_count(text, text, boolean) is
  'Staff: how many orders the list''s filter and search match (estimated above 1000, as PostgREST''s count=estimated).';

-- The subscribers list's where clause (alias s): status and search in e-mail and source.
create function private.staff_subscribers_where(search text, status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(' and ', 'true',
    case when status is not null then format('s.status = %L', status) end,
    case when coalesce(btrim(search), '') <> '' then
      format('(s.email ilike %1$L or s.source ilike %1$L)', private.contains_pattern(btrim(search)))
    end);
$$;

create function public.staff_subscribers_page(
  search text default '',
  status text default null,
  sort text default 'created_at',
  descending boolean default true,
  reversed boolean default false,
  skip integer default 0,
  take integer default 25
)
returns setof public.newsletter_subscribers
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('newsletter_subscribers', false) then
    raise exception using errcode = '42501', message = 'Only staff members can read the subscribers. Sign in with a staff account.';
  end if;
  if sort is null or sort not in ('created_at', 'email', 'source', 'status') then
    raise exception using errcode = '22023', message = format('The subscribers cannot be sorted by %s.', coalesce(sort, 'nothing'));
  end if;
  if skip is null or skip < 0 or take is null or take not between 1 and 1000 then
    raise exception using errcode = '22023', message = 'A page starts at row 0 or later and holds 1 to 1000 rows.';
  end if;
  return query execute format(
    'select s.* from public.newsletter_subscribers s where %s order by s.%I %s, s.id %s offset %s limit %s',
    private.staff_subscribers_where(search, status), sort,
    case when descending <> reversed then 'desc' else 'asc' end,
    case when reversed then 'desc' else 'asc' end,
    skip, take);
end;
$$;

comment on function public.staff_subscribers_page(text, text, text, boolean, boolean, integer, integer) is
  'Staff: one page of the newsletter subscribers (status, search in e-mail and source; sort; reversed reads from the end), planned with the owner''s statistics.';

create function public.staff_subscribers_count(search text default '', status text default null)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('newsletter_subscribers', false) then
    raise exception using errcode = '42501', message = 'Only staff members can read the subscribers. Sign in with a staff account.';
  end if;
  return private.estimated_count(
    format('select 1 from public.newsletter_subscribers s where %s', private.staff_subscribers_where(search, status)));
end;
$$;

comment on function public.staff_subscribers_count(text, text) is
  'Staff: how many subscribers the list''s filter and search match (estimated above 1000, as PostgREST''s count=estimated).';

revoke all on function public.staff_orders_page(text, text, boolean, text, boolean, boolean, integer, integer) from public, anon;
revoke all on function public.staff_orders_count(text, text, boolean) from public, anon;
revoke all on function public.staff_subscribers_page(text, text, text, boolean, boolean, integer, integer) from public, anon;
revoke all on function public.staff_subscribers_count(text, text) from public, anon;
grant execute on function public.staff_orders_page(text, text, boolean, text, boolean, boolean, integer, integer) to authenticated;
grant execute on function public.staff_orders_count(text, text, boolean) to authenticated;
grant execute on function public.staff_subscribers_page(text, text, text, boolean, boolean, integer, integer) to authenticated;
grant execute on function public.staff_subscribers_count(text, text) to authenticated;
