-- The public `media` bucket for event, program and service images, and who may change it:
-- anyone reads, only staff upload, replace or remove. The storage schema itself is the
-- platform's (storage-api creates it on a hosted project; the local bootstrap does here).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('media', 'media', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Public URLs need no policy (the bucket is public); listing and downloads through the API do.
create policy media_select_anyone on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'media');

create policy media_insert_staff on storage.objects
  for insert to authenticated
  with check (bucket_id = 'media' and (select private.is_staff()));

-- An upsert (replacing an image) needs update as well as insert.
create policy media_update_staff on storage.objects
  for update to authenticated
  using (bucket_id = 'media' and (select private.is_staff()))
  with check (bucket_id = 'media' and (select private.is_staff()));

create policy media_delete_staff on storage.objects
  for delete to authenticated
  using (bucket_id = 'media' and (select private.is_staff()));
