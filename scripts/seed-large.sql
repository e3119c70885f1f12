-- Ten years of an institute's data, set-based (generate_series), for `npm run seed:large` and
-- the data benchmark. Run as the superuser on a THROWAWAY database, in one transaction.
--
-- `ascent.seed_scale` (a setting, default 1) scales every volume: 1 gives 200k orders (400k
-- lines, 600k participants), 100k event registrations, 100k subscribers, 100k enquiries, 2k
-- programs with 20k intakes, 2k events, 100k mail outbox rows and 2M audit rows.
--
-- Honest shortcuts, and why:
--  * session_replication_role = replica switches off triggers and foreign-key checks for this
--    transaction only. The triggers would otherwise refuse the seed (per-address limits, proof
--    of work, the order workflow's "no backdating") or redo per row what is computed here once
--    for the set (order totals, line snapshots). Check constraints still apply to every row.
--  * The audit trigger is off too; instead the audit log gets the rows the trigger would have
--    written for these inserts and the orders' status changes, dated as the rows are, with
--    shortened images (a handful of fields instead of the whole row).
--  * Most randomness comes from hashes of the row number: every run has the same distributions.

set local session_replication_role = replica;

create temporary table seed_settings on commit drop as
select greatest(coalesce(nullif(current_setting('ascent.seed_scale', true), '')::numeric, 1), 0.0001) as scale,
       now() as seeded_at,
       -- Slugs and e-mail addresses carry it, so a second run adds to the first instead of colliding.
       substr(md5(clock_timestamp()::text), 1, 6) as run;

-- A number in [0, 1) from a row number and a salt: deterministic, evenly spread.
create or replace function pg_temp.r(n bigint, salt int) returns double precision
language sql immutable as $$
  select ('x' || substr(md5(n::text || ':' || salt::text), 1, 8))::bit(32)::bigint / 4294967296.0
$$;

-- A date over the last ten years, denser towards now (the institute grows): sqrt spreads it.
create or replace function pg_temp.ten_years_ago_to_now(n bigint, salt int) returns timestamptz
language sql stable as $$
  select now() - interval '3650 days' * (1 - sqrt(pg_temp.r(n, salt)))
$$;

create temporary table seed_names on commit drop as
select array['Wanjiku', 'Kamau', 'Achieng', 'Otieno', 'Njeri', 'Mwangi', 'Akinyi', 'Kiprono', 'Chebet', 'Mutua',
             'Wambui', 'Omondi', 'Nyambura', 'Kibet', 'Atieno', 'Mumbua', 'Wekesa', 'Nafula', 'Barasa', 'Jeptoo',
             'Amina', 'Hassan', 'Zawadi', 'Baraka', 'Imani', 'Faith', 'Brian', 'Mercy', 'Kevin', 'Grace'] as given,
       array['Kariuki', 'Odhiambo', 'Wafula', 'Njoroge', 'Kiplagat', 'Mutiso', 'Onyango', 'Gitau', 'Korir', 'Muthoni',
             'Ochieng', 'Kimani', 'Nduta', 'Rotich', 'Owino', 'Mbugua', 'Wanyama', 'Cheruiyot', 'Nyaga', 'Ali'] as family,
       array['Kenya Power', 'Safaricom', 'KCB Bank', 'Equity Bank', 'Nairobi County', 'KenGen', 'Kenya Airways',
             'Britam', 'Jubilee Insurance', 'Co-op Bank', 'NCBA', 'Twiga Foods', 'Bamburi Cement', 'KRA',
             'Ministry of Health', 'Strathmore University', 'Absa Kenya', 'Stanbic', 'Sanlam Kenya', 'CIC Group'] as organisations,
       array['Leadership', 'Finance', 'Risk', 'Insurance', 'Technology', 'Data', 'Project Management', 'Strategy',
             'Governance', 'Marketing'] as categories,
       array['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret'] as towns;

create or replace function pg_temp.person(n bigint) returns text language sql stable as $$
  select s.given[1 + (n % 30)] || ' ' || s.family[1 + ((n / 30) % 20)] from seed_names s
$$;

create or replace function pg_temp.email(n bigint, kind text) returns text language sql stable as $$
  select lower(s.given[1 + (n % 30)] || '.' || s.family[1 + ((n / 30) % 20)]) || '.' || kind || n || '.' || t.run || '@example.co.ke'
    from seed_names s, seed_settings t
$$;

create or replace function pg_temp.phone(n bigint) returns text language sql immutable as $$
  select '+2547' || lpad(((n * 7919) % 100000000)::text, 8, '0')
$$;

-- Programs and intakes --------------------------------------------------------------------------

create temporary table seed_programs on commit drop as
select n, gen_random_uuid() as id,
       s.categories[1 + (n % 10)] || ' ' || (array['Essentials', 'Masterclass', 'for Managers', 'Certificate', 'Bootcamp'])[1 + ((n / 10) % 5)] || ' ' || n as title,
       s.categories[1 + (n % 10)] as category,
       case when pg_temp.r(n, 1) < 0.6 then 'KES' else 'USD' end as currency
  from generate_series(1, greatest(1, round(2000 * (select scale from seed_settings)))::int) n, seed_names s;

insert into public.training_programs
  (id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, is_published, sort_order, created_at, updated_at)
select p.id, p.title, 'seed-program-' || p.n || '-' || (select run from seed_settings), p.category,
       'Practical ' || lower(p.category) || ' skills for East African organisations',
       'A ' || lower(p.category) || ' course run by Ascent in Nairobi since ' || (2016 + p.n % 10) || '.',
       (1 + p.n % 5) || ' days', (array['in-person', 'virtual', 'hybrid'])[1 + p.n % 3],
       case p.currency when 'KES' then 25000 + (p.n % 20) * 5000 else 200 + (p.n % 20) * 50 end,
       p.currency, pg_temp.r(p.n, 2) < 0.9, 1000 + p.n::int,
       now() - interval '3650 days' + interval '1 day' * (p.n % 3000), now()
  from seed_programs p;

-- Ten intakes per program, one about every 13 months (the last ones still to come).
create temporary table seed_intakes on commit drop as
select row_number() over (order by p.n, k) as n, gen_random_uuid() as id, p.id as program_id, p.title, p.currency, k,
       (current_date - 3650 + k * 400 + (p.n % 300)::int) as starts_on, p.n as program_n
  from seed_programs p, generate_series(0, 9) k;

insert into public.program_intakes (id, program_id, starts_on, ends_on, is_online, venue, capacity, is_published, created_at, updated_at)
select i.id, i.program_id, i.starts_on, i.starts_on + (i.n % 5)::int, i.n % 4 = 0,
       case when i.n % 4 = 0 then null else 'Ascent Training Centre, ' || s.towns[1 + (i.n % 5)] end,
       60 + (i.n % 5) * 10, true, i.starts_on - 120, i.starts_on - 120
  from seed_intakes i, seed_names s;

-- Events and their registrations -----------------------------------------------------------------

create temporary table seed_events on commit drop as
select n, gen_random_uuid() as id, now() - interval '3650 days' + interval '1 day' * (n * 3700.0 / greatest(1, round(2000 * (select scale from seed_settings)))) as starts_at
  from generate_series(1, greatest(1, round(2000 * (select scale from seed_settings)))::int) n;

insert into public.events (id, title, description, category, venue, mode, starts_at, ends_at, is_published, slug, capacity, created_at, updated_at)
select e.id, s.categories[1 + (e.n % 10)] || ' breakfast forum ' || e.n,
       'A morning of talks and questions on ' || lower(s.categories[1 + (e.n % 10)]) || '.',
       s.categories[1 + (e.n % 10)], 'Ascent Training Centre, ' || s.towns[1 + (e.n % 5)],
       (array['in-person', 'virtual', 'hybrid'])[1 + e.n % 3], e.starts_at, e.starts_at + interval '3 hours',
       true, 'seed-event-' || e.n || '-' || (select run from seed_settings), 200, e.starts_at - interval '60 days', e.starts_at - interval '60 days'
  from seed_events e, seed_names s;

insert into public.event_registrations
  (event_id, name, email, phone, organisation, seats, status, client_key, created_at, updated_at, cancelled_at, checked_in_at)
select e.id, pg_temp.person(g.n), pg_temp.email(g.n, 'reg'), pg_temp.phone(g.n),
       case when g.n % 3 = 0 then null else s.organisations[1 + (g.n % 20)] end,
       1 + (g.n % 3 = 0)::int,
       case when pg_temp.r(g.n, 3) < 0.85 then 'confirmed' when pg_temp.r(g.n, 3) < 0.9 then 'waitlisted' else 'cancelled' end,
       'seed-' || (g.n % 5000), e.starts_at - interval '1 day' * (1 + g.n % 50), e.starts_at - interval '1 day' * (1 + g.n % 50),
       case when pg_temp.r(g.n, 3) >= 0.9 then e.starts_at - interval '12 hours' end,
       case when pg_temp.r(g.n, 3) < 0.85 and e.starts_at < now() and g.n % 4 <> 0 then e.starts_at end
  from generate_series(1, round(100000 * (select scale from seed_settings))::int) g(n)
  join seed_events e on e.n = 1 + (g.n % (select count(*) from seed_events))
 cross join seed_names s;

-- Orders, lines, participants --------------------------------------------------------------------

create temporary table seed_orders on commit drop as
select n, gen_random_uuid() as id, pg_temp.ten_years_ago_to_now(n, 4) as created_at,
       pg_temp.r(n, 5) as status_draw, pg_temp.r(n, 6) < 0.3 as by_mpesa, pg_temp.r(n, 7) < 0.55 as in_kes
  from generate_series(1, round(200000 * (select scale from seed_settings))::int) n;

-- One to three lines (two on average), one or two seats each (1.5 on average).
create temporary table seed_lines on commit drop as
select row_number() over () as n, gen_random_uuid() as id, o.id as order_id, o.created_at, line as position,
       i.id as intake_id, i.program_id, i.title, i.currency,
       case i.currency when 'KES' then 25000 + (i.program_n % 20) * 5000 else 200 + (i.program_n % 20) * 50 end::numeric(12, 2) as unit_price,
       1 + ((o.n + line) % 2)::int as quantity
  from seed_orders o
 cross join lateral generate_series(1, 1 + (o.n % 3)::int) line
  join seed_intakes i on i.n = 1 + ((o.n * 7919 + line * 4729) % (select count(*) from seed_intakes));

-- Each order's totals in both currencies (the business rate, 129.16 KES per USD).
create temporary table seed_totals on commit drop as
select l.order_id,
       sum(case l.currency when 'USD' then l.unit_price * l.quantity else round(l.unit_price * l.quantity / 129.16, 2) end) as total_usd,
       sum(case l.currency when 'KES' then l.unit_price * l.quantity else round(l.unit_price * l.quantity * 129.16, 2) end) as total_kes
  from seed_lines l group by l.order_id;

insert into public.orders
  (id, customer_name, customer_email, customer_phone, organisation, status, currency, total_usd, total_kes,
   created_at, updated_at, reference, confirmation_token, idempotency_key, request_hash, payment_method,
   payment_choice, po_number, terms_accepted_at, client_key, paid_at, status_changed_at, expired_at)
select o.id, pg_temp.person(o.n), pg_temp.email(o.n, 'buyer'), pg_temp.phone(o.n),
       case when o.n % 4 = 0 then null else s.organisations[1 + (o.n % 20)] end,
       st.status, case when o.by_mpesa or o.in_kes then 'KES' else 'USD' end,
       t.total_usd, t.total_kes, o.created_at, o.created_at,
       'ASC-' || extract(year from o.created_at at time zone 'Africa/Nairobi') || '-' ||
         lpad((row_number() over (partition by extract(year from o.created_at at time zone 'Africa/Nairobi') order by o.created_at, o.n)
               + coalesce((select c.last_number from private.order_reference_counters c
                            where c.year = extract(year from o.created_at at time zone 'Africa/Nairobi')), 0))::text, 6, '0'),
       substr(translate(encode(extensions.gen_random_bytes(33), 'base64'), '+/=', '-_'), 1, 43),
       gen_random_uuid(), md5(o.n::text),
       case when o.by_mpesa then 'mpesa' else 'invoice' end,
       case when o.by_mpesa then 'mpesa_paybill' else 'invoice' end,
       case when not o.by_mpesa and o.n % 2 = 0 then 'PO-' || o.n end,
       o.created_at, 'seed-' || (o.n % 5000),
       case when st.status = 'paid' then o.created_at + interval '2 days' end,
       case when st.status <> 'pending' then o.created_at + interval '2 days' end,
       case when st.status = 'expired' then o.created_at + interval '3 days' end
  from seed_orders o
 cross join seed_names s
 cross join lateral (
   select case
            when o.created_at > now() - interval '3 days' and o.status_draw < 0.5 then 'pending'
            when o.status_draw < 0.70 then 'paid'
            when o.status_draw < 0.80 then 'cancelled'
            when o.status_draw < 0.90 then 'expired'
            else 'confirmed'
          end as status) st
  join seed_totals t on t.order_id = o.id;

insert into public.order_items (id, order_id, program_id, intake_id, title, unit_price, currency, quantity, position, created_at)
select l.id, l.order_id, l.program_id, l.intake_id, l.title, l.unit_price, l.currency, l.quantity, l.position, l.created_at
  from seed_lines l;

insert into public.order_participants (order_item_id, position, full_name, email, created_at)
select l.id, seat, pg_temp.person(l.n * 2 + seat), case when seat = 1 then pg_temp.email(l.n * 2 + seat, 'p') end, l.created_at
  from seed_lines l cross join lateral generate_series(1, l.quantity) seat;

-- New orders continue after the seeded references of each year.
insert into private.order_reference_counters (year, last_number)
select substr(reference, 5, 4)::int, max(substr(reference, 10)::int)
  from public.orders where reference like 'ASC-%' group by 1
on conflict (year) do update set last_number = greatest(private.order_reference_counters.last_number, excluded.last_number);

-- Newsletter subscribers and enquiries -----------------------------------------------------------

insert into public.newsletter_subscribers
  (email, source, created_at, requested_at, status, confirmation_sent_at, confirmed_at, consent_text, consented_at, unsubscribed_at)
select pg_temp.email(g.n, 'news'), (array['footer', 'checkout', 'event', 'enquiry'])[1 + g.n % 4], c.at, c.at, st.status,
       c.at, case when st.status <> 'pending' then c.at + interval '1 hour' end,
       case when st.status <> 'pending' then 'Yes, send me Ascent''s newsletter.' end,
       case when st.status <> 'pending' then c.at + interval '1 hour' end,
       case when st.status = 'unsubscribed' then c.at + interval '200 days' end
  from generate_series(1, round(100000 * (select scale from seed_settings))::int) g(n)
 cross join lateral (select pg_temp.ten_years_ago_to_now(g.n, 8) as at) c
 cross join lateral (
   select case when pg_temp.r(g.n, 9) < 0.7 then 'confirmed'
               when pg_temp.r(g.n, 9) < 0.85 or c.at > now() - interval '200 days' then 'pending'
               else 'unsubscribed' end as status) st;

insert into public.enquiries
  (name, email, phone, organisation, topic, message, consent_text, consented_at, status, client_key, created_at, updated_at)
select pg_temp.person(g.n), pg_temp.email(g.n, 'ask'), pg_temp.phone(g.n), s.organisations[1 + (g.n % 20)],
       (array['training', 'advisory', 'technology', 'insurance', 'other'])[1 + g.n % 5],
       'We would like to train ' || (5 + g.n % 40) || ' staff in ' || lower(s.categories[1 + g.n % 10]) || ' this year. Please send dates and fees.',
       'I agree to be contacted about this enquiry.', c.at,
       case when c.at < now() - interval '30 days' then 'closed' when g.n % 2 = 0 then 'in_progress' else 'new' end,
       'seed-' || (g.n % 5000), c.at, c.at
  from generate_series(1, round(100000 * (select scale from seed_settings))::int) g(n)
 cross join lateral (select pg_temp.ten_years_ago_to_now(g.n, 10) as at) c
 cross join seed_names s;

-- Mail outbox: each order's confirmation, sent (a few failed) -----------------------------------

insert into public.mail_outbox (kind, order_id, recipient, status, attempts, next_attempt_at, sent_at, last_error, created_at, updated_at)
select 'order_confirmation', o.id, pg_temp.email(o.n, 'buyer'),
       case when o.n % 50 = 0 then 'failed' else 'sent' end, 1 + (o.n % 50 = 0)::int * 4, o.created_at,
       case when o.n % 50 <> 0 then o.created_at + interval '1 minute' end,
       case when o.n % 50 = 0 then 'mailbox unavailable' end, o.created_at, o.created_at
  from seed_orders o
 where o.n <= round(100000 * (select scale from seed_settings));

-- The audit log: what the trigger writes for these rows, oldest first (ids follow time) ---------

insert into private.audit_log (occurred_at, actor_id, actor_email, actor_role, table_name, row_id, action, before, after)
select at, null, null, role, table_name, row_id, action, before, after
  from (
    select o.created_at as at, 'anon' as role, 'public.orders' as table_name, o.id::text as row_id, 'INSERT' as action,
           null::jsonb as before, jsonb_build_object('reference', o.reference, 'status', 'pending', 'total_usd', o.total_usd, 'total_kes', o.total_kes) as after
      from public.orders o
    union all
    select o.status_changed_at, 'authenticated', 'public.orders', o.id::text, 'UPDATE',
           jsonb_build_object('reference', o.reference, 'status', 'pending'), jsonb_build_object('reference', o.reference, 'status', o.status)
      from public.orders o where o.status_changed_at is not null
    union all
    select l.created_at, 'anon', 'public.order_items', l.id::text, 'INSERT', null,
           jsonb_build_object('order_id', l.order_id, 'title', l.title, 'quantity', l.quantity)
      from public.order_items l
    union all
    select p.created_at, 'anon', 'public.order_participants', p.id::text, 'INSERT', null,
           jsonb_build_object('order_item_id', p.order_item_id, 'full_name', p.full_name)
      from public.order_participants p
    union all
    select s.created_at, 'anon', 'public.newsletter_subscribers', s.id::text, 'INSERT', null,
           jsonb_build_object('email', s.email, 'status', 'pending')
      from public.newsletter_subscribers s
    union all
    select e.created_at, 'anon', 'public.enquiries', e.id::text, 'INSERT', null,
           jsonb_build_object('email', e.email, 'topic', e.topic)
      from public.enquiries e
    union all
    select r.created_at, 'anon', 'public.event_registrations', r.id::text, 'INSERT', null,
           jsonb_build_object('email', r.email, 'status', r.status)
      from public.event_registrations r
    union all
    -- Staff reading and updating enquiries and orders over the years: the rest of the 2M.
    select o.created_at + interval '1 day' * k, 'authenticated', 'public.orders', o.id::text, 'UPDATE',
           jsonb_build_object('po_number', null), jsonb_build_object('po_number', 'PO-' || k)
      from public.orders o cross join generate_series(1, 2) k
     where o.status = 'paid'
  ) entries
 where at <= now()
 order by at;

-- The dashboard's days (migration 20261129100000): the triggers that mark them are off above.
select private.rebuild_dashboard_days();
