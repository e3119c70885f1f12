-- The checkout shows the VAT inside each price (issue 29): the published programs' view carries
-- the program's tax class (its rate is public.tax_classes', readable by everyone). The column is
-- added at the end, as create or replace view requires; the view keeps its security barrier.

create or replace view public.public_training_programs
with (security_invoker = false, security_barrier = true)
as
select id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, sort_order,
       image_url, tax_class
from public.training_programs
where is_published;
