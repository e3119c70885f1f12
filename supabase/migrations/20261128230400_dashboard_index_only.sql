-- The dashboard with ten years of data (issue 33), read from indexes alone where it can be: this
-- month's orders with their status and totals, and an upcoming intake's lines with their order
-- and seats, are in the indexes that find them, so neither visits the table's pages. They replace
-- the indexes on the same columns without them (orders newest first and an intake's lines are
-- read through these as before).

drop index public.orders_created_at_idx;
create index orders_created_at_idx on public.orders (created_at desc) include (status, total_usd, total_kes);

drop index public.order_items_intake_id_idx;
create index order_items_intake_id_idx on public.order_items (intake_id) include (order_id, quantity);
