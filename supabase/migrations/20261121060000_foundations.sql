-- Foundations shared by every later migration: the trigram extension for search, a private
-- schema for helpers that PostgREST must never expose, and the updated_at trigger function.

-- Trigram indexes make the website's case-insensitive "contains" search fast. Hosted Supabase
-- keeps extensions in the `extensions` schema, so we do too.
create extension if not exists pg_trgm with schema extensions;

-- PostgREST serves only `public` (and hosted Supabase's graphql_public): anything in `private`
-- cannot be called through /rest/v1/rpc, so helpers used by policies and triggers live here.
create schema if not exists private;
revoke all on schema private from public;
-- authenticated evaluates policies that call private.is_staff(); that needs usage on the schema.
grant usage on schema private to authenticated, service_role;

-- Keeps updated_at honest whoever writes the row (admin UI, scripts, SQL console).
create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.touch_updated_at() is 'Before-update trigger: stamps updated_at with the transaction time.';
revoke all on function private.touch_updated_at() from public;
