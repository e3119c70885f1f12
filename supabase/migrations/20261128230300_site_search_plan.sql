-- search_catalogue with the large catalogue (2k programs, 2k events) read every published row
-- rather than its trigram indexes: with the default random_page_cost (4, for disks that seek),
-- the planner priced the index's page reads above a sequential scan, though the catalogue is
-- always in memory. Measured on 2026-11-28 at 2k rows: "risk" through the indexes 0.57 and 0.49 ms,
-- by scanning 1.9 and 2.1 ms (events, programs). The function plans with the cost of pages
-- already cached; for a text too short for trigrams it still scans, as it must.
alter function public.search_catalogue(text, integer) set random_page_cost = 1.1;
