-- The public_* views become security barriers (issue 15, item 10a). They run with their owner's
-- rights and apply the visibility rules themselves (published rows, public columns only); without
-- a barrier the planner was free to run a visitor's filter before those rules, and did: with many
-- events, a trigram index's recheck evaluated `title like '<prefix>\'` on unpublished rows, and
-- the error a pattern ending in the escape character raises only when some row starts with the
-- prefix told a visitor which draft titles exist (one was recovered in 314 requests).
--
-- With security_barrier, a condition a caller adds through PostgREST runs only on rows the view
-- already let through, unless its operator is LEAKPROOF (equality and comparisons on text, ids
-- and dates are, so lookups by slug or id keep their indexes). The price: ILIKE, LIKE and regular
-- expressions are not leakproof, so a text search through a view reads the published rows
-- instead of a trigram index (supabase/tests/public-views-barrier.test.ts measures it). No error
-- and no timing of an answer depends on a row the visitor cannot see.

alter view public.public_events set (security_barrier = true);
alter view public.public_training_programs set (security_barrier = true);
alter view public.public_services set (security_barrier = true);
alter view public.public_program_intakes set (security_barrier = true);
