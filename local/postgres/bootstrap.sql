-- Supabase's platform bootstrap, reproduced for the local stack only.
-- A hosted Supabase project already has all of this; it never goes into supabase/migrations.
-- Idempotent: it runs on every start, before the migrations, as the cluster's superuser
-- (supabase_admin, as on the platform; `postgres` in a data folder made by an older version).

-- Roles, as the Supabase platform creates them.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit createrole;
  end if;
end
$$;

-- `postgres`, the role migrations and the seed run as, with the rights it has on a hosted
-- project: not a superuser, but createrole, createdb, replication and bypassrls, the owner of
-- the database (so of its public schema: trusted extensions install), and admin of the API roles.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login nosuperuser createrole createdb replication bypassrls;
  elsif not (select rolsuper from pg_roles where rolname = 'postgres') then
    alter role postgres login createrole createdb replication bypassrls;
  end if;
  -- Otherwise `postgres` is a superuser (an older data folder, where it is the bootstrap
  -- superuser and cannot be demoted, or a DATABASE_URL server): left as it is, the caller warns.
  execute format('alter database %I owner to postgres', current_database());
end
$$;
alter role postgres set search_path to "$user", public, extensions;
grant anon, authenticated, service_role to postgres with admin option;

grant anon, authenticated, service_role to authenticator;

-- The per-role settings the platform gives the API roles (supabase/postgres's init schema and
-- its later platform migrations), so one slow query cannot hold PostgREST's pool. PostgREST
-- applies an impersonated role's settings to each request's transaction (`alter role ... set`
-- is read when it loads its config); the authenticator's apply to its own connections, so a
-- role without its own value (service_role) runs under the authenticator's 8 s. `postgres` has
-- none of its own (the server-wide 2 minutes of local/postgres/embedded.ts applies).
-- Not reproduced: the platform also preloads `supautils` and `safeupdate` (UPDATE/DELETE without
-- a WHERE refused) for these roles; neither library ships with the embedded PostgreSQL.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- Extensions live in their own schema, as on the platform.
create schema if not exists extensions;
grant all on schema extensions to postgres;
grant usage on schema extensions to anon, authenticated, service_role, supabase_auth_admin;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- Supabase's default grants: table privileges are wide open and RLS is the gate.
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;

-- The auth schema, owned by the auth server's role, with GoTrue's tables (the subset it uses).
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
set role supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text default null,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
-- Password recovery, as GoTrue keeps it: the hash of the e-mailed one-time code and when it was sent
-- (added with `if not exists` so a cluster bootstrapped before the columns existed gains them).
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists recovery_sent_at timestamptz;
-- A pending e-mail change (GoTrue's secure change: both addresses confirm through their own link).
alter table auth.users add column if not exists email_change varchar(255) default '';
alter table auth.users add column if not exists email_change_token_new varchar(255) default '';
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0
  check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2);
alter table auth.users add column if not exists email_change_sent_at timestamptz;
-- Invitations, as GoTrue keeps them: the link's token (one at a time), when it was sent and when
-- the user was invited (answered as the user's invited_at).
alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists confirmation_token varchar(255);
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;
create unique index if not exists users_phone_key on auth.users (phone);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  aal text not null default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- Second factors (TOTP), their challenges and the methods each session has passed, with GoTrue's
-- table and column names (its mfa migrations; enums as text with the same values). The secret is
-- stored in the clear, as hosted GoTrue does unless its DB encryption is configured.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null
);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  unique (session_id, authentication_method)
);

alter table auth.sessions add column if not exists factor_id uuid;

-- The local auth server's own state (hosted GoTrue keeps the like in memory or not at all), here
-- so that it survives a restart: the e-mailed codes (only a hash, beside the random link token
-- they stand for, and their misses), failed sign-ins and code guesses, and the addresses an
-- account signed in from. Times come from the server's clock (tests move it).
create table if not exists auth.one_time_codes (
  token text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  address text not null,
  code_hash text not null,
  misses int not null default 0
);
-- The kinds of mailed code: e-mail OTP sign-in added 'signup' (a new address) and 'magiclink' (an
-- existing account); replaced on every start so an existing database takes the new list.
alter table auth.one_time_codes drop constraint if exists one_time_codes_kind_check;
alter table auth.one_time_codes add constraint one_time_codes_kind_check
  check (kind in ('recovery', 'email_change', 'signup', 'magiclink'));
create index if not exists one_time_codes_address_idx on auth.one_time_codes (kind, lower(address));

create table if not exists auth.failed_attempts (
  id bigserial primary key,
  kind text not null check (kind in ('signin', 'code')),
  account text not null,
  address inet,
  failed_at timestamptz not null,
  forgiven boolean not null default false
);
create index if not exists failed_attempts_account_idx on auth.failed_attempts (kind, account, failed_at);
create index if not exists failed_attempts_address_idx on auth.failed_attempts (kind, address, failed_at);
create index if not exists failed_attempts_failed_at_idx on auth.failed_attempts (failed_at);

create table if not exists auth.signin_addresses (
  account text not null,
  address inet not null,
  signed_in_at timestamptz not null,
  primary key (account, address)
);

-- The request helpers, defined as Supabase defines them: PostgREST puts the verified JWT claims
-- in request.jwt.claims; the older per-claim settings are still honoured.
create or replace function auth.uid() returns uuid
  language sql stable
  as $$
    select nullif(
      coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      ),
      ''
    )::uuid
  $$;

create or replace function auth.role() returns text
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $$;

create or replace function auth.email() returns text
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
  $$;

create or replace function auth.jwt() returns jsonb
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $$;

reset role;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to postgres, anon, authenticated, service_role;
-- As the platform grants it (auth's own migration bookkeeping aside, which this subset lacks).
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all tables in schema auth to service_role;

-- The storage schema, owned by the storage server's role, with storage-api's tables (the columns
-- its current migrations leave; the subset of functions policies use). The storage server
-- switches to the caller's role per request, so the same RLS policies decide as on the platform.
grant anon, authenticated, service_role to supabase_storage_admin;
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
set role supabase_storage_admin;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);
create unique index if not exists bname on storage.buckets (name);
alter table storage.buckets enable row level security;

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
  language plpgsql immutable
  as $$
  declare
    _parts text[];
  begin
    select string_to_array(name, '/') into _parts;
    return _parts[1:array_length(_parts, 1) - 1];
  end
  $$;

create or replace function storage.filename(name text) returns text
  language plpgsql immutable
  as $$
  declare
    _parts text[];
  begin
    select string_to_array(name, '/') into _parts;
    return _parts[array_length(_parts, 1)];
  end
  $$;

create or replace function storage.extension(name text) returns text
  language plpgsql immutable
  as $$
  declare
    _parts text[];
    _filename text;
  begin
    select string_to_array(name, '/') into _parts;
    select _parts[array_length(_parts, 1)] into _filename;
    return reverse(split_part(reverse(_filename), '.', 1));
  end
  $$;

reset role;

-- As storage-api grants them: table rights are wide open and RLS is the gate. On the platform
-- supautils lets `postgres` manage policies on storage.objects; membership in the owner is the
-- nearest PostgreSQL offers (migrations create and drop policies there, as on a hosted project).
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;
grant supabase_storage_admin to postgres;

-- PostgREST reloads its schema cache on this channel after migrations.
grant usage on schema public to authenticator;
