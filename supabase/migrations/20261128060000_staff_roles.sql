-- Staff roles: each person may do their job and no more (issue 26). A staff row now carries one or
-- more roles and may be deactivated; every staff policy asks private.staff_may(table, write),
-- answered from one matrix (private.staff_access, documented in docs/staff.md); the order functions
-- ask for finance. `admin` may do everything, including staff and settings.

alter table public.staff
  -- Existing rows (and `npm run staff:add`, which creates the first admin) are admins.
  add column roles text[] not null default array['admin'],
  add column deactivated_at timestamptz,
  add constraint staff_roles_known check (
    cardinality(roles) > 0
    and roles <@ array['admin', 'finance', 'programmes', 'marketing', 'front_desk']
  );

comment on column public.staff.roles is 'admin, finance, programmes, marketing, front_desk; one or more. See docs/staff.md.';
comment on column public.staff.deactivated_at is 'Set when an admin deactivates the person: they keep no rights.';

-- The matrix: which role may read (and write) which relation. `admin` is not listed: it may do all.
create table private.staff_access (
  relation text not null,
  role text not null,
  may_write boolean not null,
  primary key (relation, role),
  constraint staff_access_role_known check (role in ('finance', 'programmes', 'marketing', 'front_desk'))
);

comment on table private.staff_access is 'Staff role x relation: a row lets the role read, may_write also write. admin may do everything.';
revoke all on table private.staff_access from public, anon, authenticated;

insert into private.staff_access (relation, role, may_write) values
  -- Catalogue: the programmes team runs it; everyone else reads it.
  ('training_programs', 'programmes', true),
  ('training_programs', 'finance', false),
  ('training_programs', 'marketing', false),
  ('training_programs', 'front_desk', false),
  ('program_intakes', 'programmes', true),
  ('program_intakes', 'finance', false),
  ('program_intakes', 'marketing', false),
  ('program_intakes', 'front_desk', false),
  ('services', 'programmes', true),
  ('services', 'marketing', false),
  ('services', 'front_desk', false),
  ('events', 'programmes', true),
  ('events', 'marketing', true),
  ('events', 'finance', false),
  ('events', 'front_desk', false),
  ('impact_metrics', 'marketing', true),
  ('impact_metrics', 'programmes', false),
  -- Images of programs, services and events.
  ('media', 'programmes', true),
  ('media', 'marketing', true),
  -- Orders: finance changes them (through the order functions); programmes read their rosters.
  ('orders', 'finance', false),
  ('orders', 'programmes', false),
  ('order_items', 'finance', false),
  ('order_items', 'programmes', false),
  ('order_participants', 'finance', false),
  ('order_participants', 'programmes', false),
  ('mpesa_payment_attempts', 'finance', false),
  ('mail_outbox', 'finance', false),
  ('mail_outbox', 'marketing', false),
  -- Events' registrations: check-in at the front desk, the teams that run events.
  ('event_registrations', 'programmes', true),
  ('event_registrations', 'marketing', true),
  ('event_registrations', 'front_desk', true),
  -- Newsletter: marketing.
  ('newsletter_subscribers', 'marketing', true),
  -- Enquiries: the front desk answers them; marketing reads them.
  ('enquiries', 'front_desk', true),
  ('enquiries', 'marketing', false);
  -- staff and site_settings (writes): admin only.

-- The current user's roles: none unless they have an active staff row. Security definer so that
-- policies on staff itself do not recurse; stable so `(select ...)` runs once per statement.
create or replace function private.staff_roles()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.roles from public.staff s where s.user_id = (select auth.uid()) and s.deactivated_at is null),
    array[]::text[]
  );
$$;

comment on function private.staff_roles() is 'The roles of the current JWT subject (empty unless an active staff member).';
revoke all on function private.staff_roles() from public, anon;
grant execute on function private.staff_roles() to authenticated, service_role;

-- Redefined from 20261121060100_staff.sql: an active staff member, any role.
create or replace function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select cardinality(private.staff_roles()) > 0;
$$;

comment on function private.is_staff() is 'True when the current JWT subject is an active staff member (any role).';

create or replace function private.has_staff_role(variadic wanted text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.staff_roles() && (wanted || 'admin'::text);
$$;

comment on function private.has_staff_role(text[]) is 'True when the current user holds one of the roles, or admin.';
revoke all on function private.has_staff_role(text[]) from public, anon;
grant execute on function private.has_staff_role(text[]) to authenticated, service_role;

-- The question every staff policy asks: may the current user read (write = false) or write the relation?
create or replace function private.staff_may(relation text, write boolean)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (select private.staff_roles() as roles)
  select 'admin' = any(mine.roles)
      or exists (
        select 1 from private.staff_access a
         where a.relation = staff_may.relation
           and a.role = any(mine.roles)
           and (a.may_write or not staff_may.write)
      )
    from mine;
$$;

comment on function private.staff_may(text, boolean) is 'RLS: may the current staff member read (or write) the relation? private.staff_access, admin all.';
revoke all on function private.staff_may(text, boolean) from public, anon;
grant execute on function private.staff_may(text, boolean) to authenticated, service_role;

-- Refuses, clearly, a caller without one of the roles (RLS alone would answer "0 rows").
create or replace function private.require_staff_role(variadic wanted text[])
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', hint = 'not_staff',
      message = 'Only staff members can do this. Sign in with a staff account.';
  end if;
  if not private.has_staff_role(variadic wanted) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = format('This needs the %s role. Ask an admin to give it to you.', array_to_string(wanted, ' or '));
  end if;
end;
$$;

revoke all on function private.require_staff_role(text[]) from public;

-- Every policy that asked private.is_staff() now asks private.staff_may(<relation>, <write>):
-- select policies read, insert/update/delete policies write. Rewritten from the catalogue so that
-- none is missed; the RLS matrix test (tests/integration/rls-matrix.test.ts) checks each cell.
do $$
declare
  p record;
  relation text;
  using_clause text;
  check_clause text;
begin
  for p in
    select * from pg_policies
     where schemaname in ('public', 'storage')
       and (qual like '%private.is_staff()%' or with_check like '%private.is_staff()%')
  loop
    if p.cmd = 'ALL' then
      raise exception 'policy % on %.% is FOR ALL: split it before rewriting', p.policyname, p.schemaname, p.tablename;
    end if;
    relation := case when p.schemaname = 'storage' then 'media' else p.tablename end;
    using_clause := replace(p.qual, 'private.is_staff()',
      format('private.staff_may(%L, %s)', relation, case when p.cmd = 'SELECT' then 'false' else 'true' end));
    check_clause := replace(p.with_check, 'private.is_staff()',
      format('private.staff_may(%L, %s)', relation, case when p.cmd = 'SELECT' then 'false' else 'true' end));
    execute format('drop policy %I on %I.%I', p.policyname, p.schemaname, p.tablename);
    execute format('create policy %I on %I.%I as %s for %s to %s%s%s',
      p.policyname, p.schemaname, p.tablename, p.permissive, p.cmd,
      (select string_agg(quote_ident(r), ', ') from unnest(p.roles) r),
      case when using_clause is not null then format(' using (%s)', using_clause) else '' end,
      case when check_clause is not null then format(' with check (%s)', check_clause) else '' end);
  end loop;
end;
$$;

-- The audit log keeps the roles the actor held at the time of the change.
alter table private.audit_log add column actor_staff_roles text[];
comment on column private.audit_log.actor_staff_roles is 'The staff roles of the actor when the change was made (null: not staff).';

create or replace function private.audit_log_stamp_roles()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.actor_staff_roles := nullif(private.staff_roles(), array[]::text[]);
  return new;
end;
$$;

revoke all on function private.audit_log_stamp_roles() from public;

create trigger audit_log_stamp_roles
  before insert on private.audit_log
  for each row execute function private.audit_log_stamp_roles();

-- Redefined from 20261124200000_audit_log.sql: also answers the actor's staff roles (a new
-- result column, so the function is dropped and created again).
drop function public.audit_log_entries(text, text, integer, bigint);

create function public.audit_log_entries(
  p_table_name text default null,
  p_row_id text default null,
  p_limit integer default 50,
  p_before_id bigint default null
)
returns table (
  id bigint,
  occurred_at timestamptz,
  actor_id uuid,
  actor_email text,
  actor_role text,
  table_name text,
  row_id text,
  action text,
  before jsonb,
  after jsonb,
  actor_staff_roles text[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not ((select auth.role()) = 'service_role' or (select private.is_staff())) then
    raise exception 'only staff can read the audit log' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 500 then
    raise exception 'p_limit must be between 1 and 500' using errcode = '22023', hint = 'p_limit';
  end if;
  return query
    select l.id, l.occurred_at, l.actor_id, l.actor_email, l.actor_role, l.table_name, l.row_id, l.action, l.before, l.after,
           l.actor_staff_roles
    from private.audit_log l
    where (p_table_name is null or l.table_name = p_table_name or l.table_name = 'public.' || p_table_name)
      and (p_row_id is null or l.row_id = p_row_id)
      and (p_before_id is null or l.id < p_before_id)
    order by l.id desc
    limit p_limit;
end;
$$;

comment on function public.audit_log_entries(text, text, integer, bigint) is
  'Staff only: audit entries newest first (with the actor''s staff roles), optionally for one table and row id; p_before_id pages back.';
revoke all on function public.audit_log_entries(text, text, integer, bigint) from public, anon;
grant execute on function public.audit_log_entries(text, text, integer, bigint) to authenticated, service_role;

-- The order functions (latest definitions, unchanged but for the check): finance or admin. -------

-- public.set_order_status: latest definition from 20261127100000_seat_holds.sql
create or replace function public.set_order_status(order_id uuid, status text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
begin
  perform private.require_staff_role('finance');
  target_order := private.lock_order(order_id);
  if set_order_status.status is null or set_order_status.status not in ('pending', 'confirmed', 'paid', 'cancelled') then
    perform private.refuse('status', 'invalid_status', 'Choose confirmed, paid or cancelled.');
  end if;
  if target_order.status = set_order_status.status then
    perform private.refuse('status', 'transition_not_allowed', format('This order is already %s.', target_order.status));
  end if;
  update public.orders o set status = set_order_status.status where o.id = target_order.id returning * into target_order;
  -- The trigger above refused any other move, so each mail is written once per change.
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_' || target_order.status, target_order.id, target_order.customer_email);
  return target_order;
end;
$$;

-- public.extend_order_hold: latest definition from 20261127100000_seat_holds.sql
create or replace function public.extend_order_hold(order_id uuid, hours integer)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
begin
  perform private.require_staff_role('finance');
  target_order := private.lock_order(order_id);
  if hours is null or hours not between 1 and 720 then
    perform private.refuse('hours', 'invalid_hours', 'Extend a hold by 1 to 720 hours (30 days).');
  end if;
  if target_order.status <> 'pending' then
    perform private.refuse('hours', 'not_on_hold', case target_order.status
      when 'confirmed' then 'This order is confirmed: its seats are kept without a time limit.'
      else format('This order is %s: it holds no seats to extend.', target_order.status) end);
  end if;
  update public.orders o
     set hold_until = greatest(coalesce(o.hold_until, now()), now()) + make_interval(hours => hours),
         hold_reminded_at = null
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

-- public.record_order_payment: latest definition from 20261127130000_paid_order_reference_final.sql
create or replace function public.record_order_payment(order_id uuid, method text, reference text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
  cleaned text;
begin
  perform private.require_staff_role('finance');
  target_order := private.lock_order(order_id);
  if method is null or method not in ('bank', 'mpesa') then
    perform private.refuse('method', 'invalid_payment_method', 'Choose bank transfer or M-Pesa.');
  end if;
  cleaned := btrim(coalesce(reference, ''));
  if method = 'mpesa' then
    cleaned := upper(regexp_replace(cleaned, '\s', '', 'g'));
    if cleaned !~ '^[A-Z0-9]{10}$' then
      perform private.refuse('reference', 'invalid_reference',
        'An M-Pesa reference is 10 letters and digits, e.g. QJK7XYZ123.');
    end if;
  elsif length(cleaned) not between 1 and 100 then
    perform private.refuse('reference', 'invalid_reference', 'Enter the bank reference (1 to 100 characters).');
  end if;
  if target_order.status = 'cancelled' then
    perform private.refuse('reference', 'order_cancelled', 'This order is cancelled: no payment can be recorded on it.');
  end if;
  if target_order.status = 'paid' and target_order.payment_reference is not null then
    perform private.refuse('reference', 'payment_reference_final',
      'This order is paid: its payment reference is final and cannot be replaced.');
  end if;
  update public.orders o
     set payment_reference = cleaned, payment_reference_method = method, payment_recorded_at = now()
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

-- public.check_order_mpesa_code: latest definition from 20261124230000_order_workflow.sql
create or replace function public.check_order_mpesa_code(order_id uuid, verdict text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
begin
  perform private.require_staff_role('finance');
  target_order := private.lock_order(order_id);
  if verdict is null or verdict not in ('verified', 'rejected') then
    perform private.refuse('verdict', 'invalid_verdict', 'Mark the code verified or rejected.');
  end if;
  if target_order.mpesa_code is null then
    perform private.refuse('verdict', 'no_mpesa_code', 'The customer has not entered an M-Pesa code for this order.');
  end if;
  if target_order.status in ('paid', 'cancelled') then
    perform private.refuse('verdict', 'order_closed', format('This order is already %s.', target_order.status));
  end if;
  update public.orders o
     set mpesa_code_status = verdict, mpesa_code_checked_at = now()
   where o.id = target_order.id
  returning * into target_order;
  return target_order;
end;
$$;

-- public.resend_order_confirmation: latest definition from 20261124230000_order_workflow.sql
create or replace function public.resend_order_confirmation(order_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_order public.orders;
  mail uuid;
begin
  perform private.require_staff_role('finance');
  target_order := private.lock_order(order_id);
  perform 1 from public.mail_outbox m
   where m.order_id = target_order.id and m.kind = 'order_confirmation' and m.status in ('pending', 'sending');
  if found then
    perform private.refuse('order_id', 'resend_already_queued',
      'A confirmation e-mail for this order is already waiting to be sent. It goes out within a minute.');
  end if;
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_confirmation', target_order.id, target_order.customer_email)
  returning id into mail;
  return mail;
end;
$$;

