-- Images for training programs and services (issue 11: each catalogue entity has one), with the
-- same rule as events_image_url_safe: an http(s) address or a path on the site, never a
-- javascript: or data: URL that would run or smuggle content into the public pages.

alter table public.training_programs
  add column image_url text,
  add constraint training_programs_image_url_safe check (image_url is null or image_url ~ '^(https?://|/)');

alter table public.services
  add column image_url text,
  add constraint services_image_url_safe check (image_url is null or image_url ~ '^(https?://|/)');

comment on column public.training_programs.image_url is 'Optional image: an http(s) URL (usually the media bucket) or a site path.';
comment on column public.services.image_url is 'Optional image: an http(s) URL (usually the media bucket) or a site path.';

-- The public views gain the column at the end (create or replace view only appends); their
-- grants (select only) stay as 20261121060300 set them.
create or replace view public.public_training_programs
with (security_invoker = false)
as
select id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, sort_order,
       image_url
from public.training_programs
where is_published;

create or replace view public.public_services
with (security_invoker = false)
as
select id, title, slug, description, icon, sort_order, image_url
from public.services
where is_published;
