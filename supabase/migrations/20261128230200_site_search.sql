-- The site search in one call, through trigram indexes of the published rows only (issue 33).
--
-- Through the public_* views a search read every published row: the views are security barriers
-- (20261126000000), and ILIKE is not leakproof, so PostgreSQL may not take a visitor's pattern
-- into the view to an index. With 2k programs and 2k events the search took ×2.1-2.3 as long as at
-- seed size (docs/measurements.md). This function applies the visibility rule and the pattern
-- together, on the base tables, through partial trigram indexes that hold published rows only:
-- no index entry, recheck or error of a hidden row is ever reached, so what the barrier protects
-- holds (supabase/tests/site-search.test.ts probes it as public-views-barrier.test.ts does the
-- views). The pattern is built here from plain text (LIKE's wildcards and escape character made
-- literal), so a visitor never writes a pattern. The indexes over every row went with it: staff
-- lists of 2k programs or events read them in a few milliseconds without.

drop index public.events_title_trgm_idx;
drop index public.events_description_trgm_idx;
drop index public.training_programs_title_trgm_idx;
drop index public.training_programs_category_trgm_idx;
drop index public.training_programs_focus_trgm_idx;
drop index public.services_title_trgm_idx;
drop index public.services_description_trgm_idx;

create index events_published_title_trgm_idx on public.events using gin (title extensions.gin_trgm_ops) where is_published;
create index events_published_description_trgm_idx on public.events using gin (description extensions.gin_trgm_ops) where is_published;
create index training_programs_published_title_trgm_idx on public.training_programs using gin (title extensions.gin_trgm_ops) where is_published;
create index training_programs_published_category_trgm_idx on public.training_programs using gin (category extensions.gin_trgm_ops) where is_published;
create index training_programs_published_focus_trgm_idx on public.training_programs using gin (focus extensions.gin_trgm_ops) where is_published;
create index services_published_title_trgm_idx on public.services using gin (title extensions.gin_trgm_ops) where is_published;
create index services_published_description_trgm_idx on public.services using gin (description extensions.gin_trgm_ops) where is_published;

create function public.search_catalogue(query text, per_group integer default 20)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- Planned for each pattern: a plan made once for any pattern would not know it is selective.
set plan_cache_mode = 'force_custom_plan'
as $$
declare
  needle text := btrim(coalesce(query, ''));
  pattern text;
begin
  if needle = '' then
    raise exception using errcode = '22023', hint = 'blank_query', message = 'Type a word to search for.';
  end if;
  if char_length(needle) > 200 then
    raise exception using errcode = '22023', hint = 'query_too_long', message = 'Search for at most 200 characters.';
  end if;
  if per_group is null or per_group not between 1 and 50 then
    raise exception using errcode = '22023', hint = 'per_group_range', message = 'A search shows 1 to 50 rows per group.';
  end if;
  pattern := '%' || replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return jsonb_build_object(
    'events', (
      select jsonb_build_object(
               'total', count(*),
               'rows', coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'title', m.title, 'description', m.description)
                                          order by m.title, m.id) filter (where m.n <= per_group), '[]'::jsonb))
        from (select e.id, e.title, e.description, row_number() over (order by e.title, e.id) as n
                from public.events e
               where e.is_published and (e.title ilike pattern or e.description ilike pattern)) m),
    'programs', (
      select jsonb_build_object(
               'total', count(*),
               'rows', coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'title', m.title, 'category', m.category,
                                                             'focus', m.focus)
                                          order by m.title, m.id) filter (where m.n <= per_group), '[]'::jsonb))
        from (select p.id, p.title, p.category, p.focus, row_number() over (order by p.title, p.id) as n
                from public.training_programs p
               where p.is_published and (p.title ilike pattern or p.category ilike pattern or p.focus ilike pattern)) m),
    'services', (
      select jsonb_build_object(
               'total', count(*),
               'rows', coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'title', m.title, 'description', m.description,
                                                             'slug', m.slug)
                                          order by m.title, m.id) filter (where m.n <= per_group), '[]'::jsonb))
        from (select s.id, s.title, s.description, s.slug, row_number() over (order by s.title, s.id) as n
                from public.services s
               where s.is_published and (s.title ilike pattern or s.description ilike pattern)) m));
end;
$$;

comment on function public.search_catalogue(text, integer) is
  'The site search: published events, programs and services whose shown text contains the query (literally, any case), the first per_group of each by title and how many matched.';

revoke all on function public.search_catalogue(text, integer) from public;
grant execute on function public.search_catalogue(text, integer) to anon, authenticated, service_role;
