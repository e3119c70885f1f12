-- Indexes for ten years of data (issue 33; figures in docs/measurements.md, design in
-- docs/large-data.md). Each serves a read the admin makes on every visit of a list:
--  * a page sorted by time (newest or oldest first, id breaking ties as the lists do), with or
--    without the status filter: an index in that order reads 25 rows, not the whole table;
--  * the list's search (ilike '%text%' on the searched columns): trigram indexes, which also
--    serve PostgREST's estimated count (exact up to 1000 rows: a rare name counts through them);
--  * the dashboard's confirmed sign-ups per week.

create index newsletter_subscribers_created_at_id_idx on public.newsletter_subscribers (created_at, id);
create index newsletter_subscribers_status_created_at_id_idx
  on public.newsletter_subscribers (status, created_at, id);
create index newsletter_subscribers_confirmed_at_idx on public.newsletter_subscribers (confirmed_at)
  where status = 'confirmed';
create index newsletter_subscribers_email_trgm_idx
  on public.newsletter_subscribers using gin (email extensions.gin_trgm_ops);
create index newsletter_subscribers_source_trgm_idx
  on public.newsletter_subscribers using gin (source extensions.gin_trgm_ops);

create index orders_status_created_at_id_idx on public.orders (status, created_at, id);
create index orders_reference_trgm_idx on public.orders using gin (reference extensions.gin_trgm_ops);
create index orders_customer_email_trgm_idx on public.orders using gin (customer_email extensions.gin_trgm_ops);
create index orders_organisation_trgm_idx on public.orders using gin (organisation extensions.gin_trgm_ops);

create index enquiries_status_created_at_id_idx on public.enquiries (status, created_at, id);
create index enquiries_name_trgm_idx on public.enquiries using gin (name extensions.gin_trgm_ops);
create index enquiries_email_trgm_idx on public.enquiries using gin (email extensions.gin_trgm_ops);
create index enquiries_organisation_trgm_idx on public.enquiries using gin (organisation extensions.gin_trgm_ops);
