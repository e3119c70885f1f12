-- After the sale (issue 27): who is on an intake's roster, who came on which day, and who
-- completed. The roster is not stored: it is the participants (one per seat) of the intake's
-- orders that still hold seats (not cancelled, not expired). Stored here:
--  * intake_session_days: the days an intake meets. Made from the intake's dates (weekdays; a
--    run with no weekday, a weekend course, gets all its days) and editable by programmes staff.
--  * attendance_marks: one mark per participant and day (present, absent, excused); who marked
--    and when is stamped by the database, not sent by the client.
--  * program_completion_rules: a program's minimum attendance share (no row: 80 %).
--  * completion_overrides: staff decide completion either way, with a reason.
-- private.participant_has_completed() answers "completed?" for the certificates: the rule holds
-- and the order is paid, or an override says so; never for a cancelled or expired order.
-- Roles (docs/staff.md): front desk marks attendance and corrects a participant's name (a
-- colleague sent instead); programmes staff also edit days, rules and overrides; finance reads.

-- Session days -----------------------------------------------------------------------------------

create table public.intake_session_days (
  id uuid primary key default gen_random_uuid(),
  intake_id uuid not null references public.program_intakes (id) on delete cascade,
  day date not null,
  created_at timestamptz not null default now(),
  constraint intake_session_days_intake_day_key unique (intake_id, day)
);

comment on table public.intake_session_days is
  'The days an intake meets: weekdays of its dates by default, edited by programmes staff. Attendance is marked per day.';

-- The default days of a run: its weekdays, or every day when it has none (a weekend course).
create or replace function private.default_session_days(starts_on date, ends_on date)
returns setof date
language sql
immutable
set search_path = ''
as $$
  with span as (
    select d::date as day from generate_series(starts_on, ends_on, interval '1 day') d
  )
  select day from span where extract(isodow from day) < 6
  union all
  select day from span where not exists (select 1 from span where extract(isodow from day) < 6);
$$;

revoke all on function private.default_session_days(date, date) from public;

-- A day belongs to its intake's dates.
create or replace function private.session_day_within_intake()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  intake public.program_intakes;
begin
  select * into intake from public.program_intakes i where i.id = new.intake_id;
  if new.day not between intake.starts_on and intake.ends_on then
    perform private.refuse('day', 'day_outside_intake', format(
      'A session day must fall within the intake''s dates (%s to %s).',
      to_char(intake.starts_on, 'FMDD Mon YYYY'), to_char(intake.ends_on, 'FMDD Mon YYYY')));
  end if;
  return new;
end;
$$;

revoke all on function private.session_day_within_intake() from public;

create trigger intake_session_days_within_intake
  before insert or update on public.intake_session_days
  for each row execute function private.session_day_within_intake();

-- A new intake gets its default days; moved dates move the days, unless attendance is already
-- marked on a day that would fall outside them (marks are never dropped silently).
create or replace function private.intake_session_days_follow_dates()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if exists (
      select 1 from public.intake_session_days d
        join public.attendance_marks m on m.session_day_id = d.id
       where d.intake_id = new.id and d.day not between new.starts_on and new.ends_on
    ) then
      perform private.refuse('starts_on', 'attendance_outside_dates',
        'Attendance is marked on a day outside the new dates. Remove that session day first (Attendance, on the intake''s roster).');
    end if;
    if exists (
      select 1 from public.intake_session_days d join public.attendance_marks m on m.session_day_id = d.id
       where d.intake_id = new.id
    ) then
      -- Marked days stay; unmarked days outside the new dates go.
      delete from public.intake_session_days d
       where d.intake_id = new.id and d.day not between new.starts_on and new.ends_on;
      return null;
    end if;
    delete from public.intake_session_days d where d.intake_id = new.id;
  end if;
  insert into public.intake_session_days (intake_id, day)
  select new.id, day from private.default_session_days(new.starts_on, new.ends_on) day;
  return null;
end;
$$;

revoke all on function private.intake_session_days_follow_dates() from public;

create trigger program_intakes_session_days_insert
  after insert on public.program_intakes
  for each row execute function private.intake_session_days_follow_dates();

create trigger program_intakes_session_days_dates
  after update of starts_on, ends_on on public.program_intakes
  for each row
  when (old.starts_on is distinct from new.starts_on or old.ends_on is distinct from new.ends_on)
  execute function private.intake_session_days_follow_dates();

-- Attendance -------------------------------------------------------------------------------------

create table public.attendance_marks (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references public.order_participants (id) on delete cascade,
  session_day_id uuid not null references public.intake_session_days (id) on delete cascade,
  status text not null,
  -- Stamped by private.stamp_attendance_mark(): the staff member (null for the service role).
  marked_by uuid,
  marked_by_email text,
  marked_at timestamptz not null default now(),
  constraint attendance_marks_participant_day_key unique (participant_id, session_day_id),
  constraint attendance_marks_status_known check (status in ('present', 'absent', 'excused'))
);

comment on table public.attendance_marks is
  'One mark per participant and session day: present, absent or excused; who marked it and when (stamped by the database).';

create index attendance_marks_session_day_idx on public.attendance_marks (session_day_id);

-- Who and when come from the session, not the request; the participant must be on the day's
-- intake roster (an order that still holds seats).
create or replace function private.stamp_attendance_mark()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
      from public.order_participants p
      join public.order_items i on i.id = p.order_item_id
      join public.orders o on o.id = i.order_id
      join public.intake_session_days d on d.intake_id = i.intake_id
     where p.id = new.participant_id and d.id = new.session_day_id and private.order_holds_seats(o.status)
  ) then
    perform private.refuse('participant_id', 'not_on_roster',
      'This participant is not on the roster of this session day''s intake (or the order was cancelled or expired).');
  end if;
  new.marked_by := auth.uid();
  new.marked_by_email := (select auth.jwt()) ->> 'email';
  new.marked_at := now();
  return new;
end;
$$;

revoke all on function private.stamp_attendance_mark() from public;

create trigger attendance_marks_stamp
  before insert or update on public.attendance_marks
  for each row execute function private.stamp_attendance_mark();

-- Completion rules and overrides -----------------------------------------------------------------

create table public.program_completion_rules (
  id uuid primary key default gen_random_uuid(),
  program_id uuid not null references public.training_programs (id) on delete cascade,
  -- The share of session days a participant must be present on: 0.8 = 80 %.
  min_attendance_share numeric(4, 3) not null default 0.8,
  updated_at timestamptz not null default now(),
  constraint program_completion_rules_program_key unique (program_id),
  constraint program_completion_rules_share_range check (min_attendance_share between 0 and 1)
);

comment on table public.program_completion_rules is
  'A program''s completion rule: minimum share of session days present. A program without a row needs 80 %.';

create trigger program_completion_rules_touch_updated_at
  before update on public.program_completion_rules
  for each row execute function private.touch_updated_at();

create table public.completion_overrides (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references public.order_participants (id) on delete cascade,
  -- true: completed whatever the attendance and payment; false: not completed whatever they say.
  completed boolean not null,
  reason text not null,
  decided_by uuid,
  decided_by_email text,
  decided_at timestamptz not null default now(),
  constraint completion_overrides_participant_key unique (participant_id),
  constraint completion_overrides_reason_length check (length(btrim(reason)) between 3 and 500)
);

comment on table public.completion_overrides is
  'Staff decisions on completion, either way, with a reason; one per participant (history in the audit log).';

create or replace function private.stamp_completion_override()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.reason := btrim(new.reason);
  new.decided_by := auth.uid();
  new.decided_by_email := (select auth.jwt()) ->> 'email';
  new.decided_at := now();
  return new;
end;
$$;

revoke all on function private.stamp_completion_override() from public;

create trigger completion_overrides_stamp
  before insert or update on public.completion_overrides
  for each row execute function private.stamp_completion_override();

-- The default rule, one source: SQL here, the admin reads it back through the roster function.
create or replace function private.default_min_attendance_share()
returns numeric
language sql
immutable
set search_path = ''
as $$
  select 0.8::numeric;
$$;

-- Completion, one place: every participant with their attendance and the verdict. Private:
-- read through public.intake_roster() (staff) and private.participant_has_completed().
create view private.participant_completion
with (security_barrier)
as
select
  p.id as participant_id,
  i.intake_id,
  o.id as order_id,
  o.status as order_status,
  coalesce(days.total, 0)::integer as days_total,
  coalesce(present.total, 0)::integer as days_present,
  coalesce(r.min_attendance_share, private.default_min_attendance_share()) as min_attendance_share,
  (coalesce(days.total, 0) > 0
    and coalesce(present.total, 0) >= coalesce(r.min_attendance_share, private.default_min_attendance_share()) * days.total
  ) as rule_holds,
  ov.completed as override_completed,
  ov.reason as override_reason,
  ov.decided_by_email as override_by_email,
  ov.decided_at as override_at,
  case
    when not private.order_holds_seats(o.status) then false
    when ov.completed is not null then ov.completed
    else o.status = 'paid'
      and coalesce(days.total, 0) > 0
      and coalesce(present.total, 0) >= coalesce(r.min_attendance_share, private.default_min_attendance_share()) * days.total
  end as completed
from public.order_participants p
join public.order_items i on i.id = p.order_item_id
join public.orders o on o.id = i.order_id
join public.program_intakes intake on intake.id = i.intake_id
left join public.program_completion_rules r on r.program_id = intake.program_id
left join public.completion_overrides ov on ov.participant_id = p.id
left join lateral (
  select count(*) as total from public.intake_session_days d where d.intake_id = i.intake_id
) days on true
left join lateral (
  select count(*) as total
    from public.attendance_marks m
    join public.intake_session_days d on d.id = m.session_day_id
   where m.participant_id = p.id and d.intake_id = i.intake_id and m.status = 'present'
) present on true;

revoke all on table private.participant_completion from public, anon, authenticated;

-- For the certificates: has this participant completed? False for an unknown participant.
create or replace function private.participant_has_completed(participant_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select c.completed from private.participant_completion c where c.participant_id = participant_has_completed.participant_id),
    false
  );
$$;

comment on function private.participant_has_completed(uuid) is
  'True when the participant''s order is paid and the program''s attendance rule holds, or a staff override says completed; never for a cancelled or expired order.';
revoke all on function private.participant_has_completed(uuid) from public, anon, authenticated;
grant execute on function private.participant_has_completed(uuid) to service_role;

-- The roster of an intake, for staff who may read participants: one row per seat with the order,
-- the buyer and the completion figures. Security definer: the front desk reads no orders table.
create or replace function public.intake_roster(intake_id uuid)
returns table (
  participant_id uuid,
  full_name text,
  email text,
  order_id uuid,
  order_reference text,
  order_status text,
  buyer_name text,
  buyer_email text,
  organisation text,
  days_total integer,
  days_present integer,
  min_attendance_share numeric,
  rule_holds boolean,
  override_completed boolean,
  override_reason text,
  override_by_email text,
  override_at timestamptz,
  completed boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('order_participants', false) then
    raise exception using errcode = '42501', hint = 'role_required',
      message = 'Only staff who work with participants (front desk, programmes, finance) can read a roster.';
  end if;
  return query
    select p.id, p.full_name, p.email, o.id, o.reference, o.status, o.customer_name, o.customer_email, o.organisation,
           c.days_total, c.days_present, c.min_attendance_share, c.rule_holds,
           c.override_completed, c.override_reason, c.override_by_email, c.override_at, c.completed
      from private.participant_completion c
      join public.order_participants p on p.id = c.participant_id
      join public.order_items i on i.id = p.order_item_id
      join public.orders o on o.id = c.order_id
     where c.intake_id = intake_roster.intake_id and private.order_holds_seats(o.status)
     order by o.reference, i.position, p.position;
end;
$$;

comment on function public.intake_roster(uuid) is
  'Staff: the participants (one per seat) of the intake''s orders that hold seats, with buyer, order and completion.';
revoke all on function public.intake_roster(uuid) from public, anon;
grant execute on function public.intake_roster(uuid) to authenticated, service_role;

-- Participants: staff correct a name or e-mail (a colleague sent instead) -------------------------

grant update (full_name, email) on table public.order_participants to authenticated;

create policy order_participants_update_staff on public.order_participants
  for update to authenticated
  using ((select private.staff_may('order_participants', true)))
  with check ((select private.staff_may('order_participants', true)));

create or replace function private.tidy_participant()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.full_name := btrim(new.full_name);
  new.email := nullif(lower(btrim(new.email)), '');
  return new;
end;
$$;

revoke all on function private.tidy_participant() from public;

create trigger order_participants_tidy
  before update of full_name, email on public.order_participants
  for each row execute function private.tidy_participant();

create trigger order_participants_audit
  after insert or update or delete on public.order_participants
  for each row execute function private.audit_row_change();

-- Privileges and policies ------------------------------------------------------------------------

alter table public.intake_session_days enable row level security;
alter table public.attendance_marks enable row level security;
alter table public.program_completion_rules enable row level security;
alter table public.completion_overrides enable row level security;

revoke all on table public.intake_session_days, public.attendance_marks, public.program_completion_rules,
  public.completion_overrides from anon, authenticated;
grant select, insert, delete on table public.intake_session_days, public.attendance_marks,
  public.program_completion_rules, public.completion_overrides to authenticated;
-- Updates: the columns a form changes (an upsert sends its conflict key too).
grant update (day) on table public.intake_session_days to authenticated;
grant update (participant_id, session_day_id, status) on table public.attendance_marks to authenticated;
grant update (program_id, min_attendance_share) on table public.program_completion_rules to authenticated;
grant update (participant_id, completed, reason) on table public.completion_overrides to authenticated;

do $$
declare
  name text;
begin
  foreach name in array array[
    'intake_session_days', 'attendance_marks', 'program_completion_rules', 'completion_overrides'
  ] loop
    execute format('create policy %I on public.%I for select to authenticated using ((select private.staff_may(%L, false)))',
      name || '_select_staff', name, name);
    execute format('create policy %I on public.%I for insert to authenticated with check ((select private.staff_may(%L, true)))',
      name || '_insert_staff', name, name);
    execute format('create policy %I on public.%I for update to authenticated using ((select private.staff_may(%L, true))) with check ((select private.staff_may(%L, true)))',
      name || '_update_staff', name, name, name);
    execute format('create policy %I on public.%I for delete to authenticated using ((select private.staff_may(%L, true)))',
      name || '_delete_staff', name, name);
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function private.audit_row_change()',
      name || '_audit', name);
  end loop;
end;
$$;

-- The matrix (docs/staff.md): front desk marks; programmes run days, rules and overrides; finance reads.
update private.staff_access set may_write = true where relation = 'order_participants' and role = 'programmes';

insert into private.staff_access (relation, role, may_write) values
  ('order_participants', 'front_desk', true),
  ('intake_session_days', 'programmes', true),
  ('intake_session_days', 'front_desk', false),
  ('intake_session_days', 'finance', false),
  ('attendance_marks', 'front_desk', true),
  ('attendance_marks', 'programmes', true),
  ('attendance_marks', 'finance', false),
  ('program_completion_rules', 'programmes', true),
  ('program_completion_rules', 'front_desk', false),
  ('program_completion_rules', 'finance', false),
  ('completion_overrides', 'programmes', true),
  ('completion_overrides', 'front_desk', false),
  ('completion_overrides', 'finance', false);

-- Intakes that exist already get their default days.
insert into public.intake_session_days (intake_id, day)
select i.id, day from public.program_intakes i, private.default_session_days(i.starts_on, i.ends_on) day;
