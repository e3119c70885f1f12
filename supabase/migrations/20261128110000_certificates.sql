-- Certificates (issue 27, items 4, 5 and 7): issued by programmes staff for participants of an
-- order, verified by anyone through one function that says no more than the certificate does.
--
-- Codes are made here and in domain/certificate-code.ts alike (12 symbols of Crockford's base32:
-- 11 random from gen_random_bytes, 55 bits, and a Damm check symbol over GF(32)); the unit test
-- domain/certificate-code-sql.test.ts holds the two to each other.

-- Codes -------------------------------------------------------------------------------------

create or replace function private.certificate_code_alphabet()
returns text
language sql
immutable
set search_path = ''
as $$ select '0123456789ABCDEFGHJKMNPQRSTVWXYZ' $$;

-- Damm's interim over the symbols' values: interim := 2 * interim XOR value, in GF(32) on
-- x^5 + x^2 + 1. A code is valid when its interim is 0; the check symbol of a random part is
-- 2 * its interim.
create or replace function private.certificate_code_interim(symbols text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  interim integer := 0;
  doubled integer;
  position integer;
begin
  for position in 1 .. length(symbols) loop
    doubled := interim << 1;
    if doubled & 32 <> 0 then
      doubled := doubled # 37;
    end if;
    interim := doubled # (strpos(private.certificate_code_alphabet(), substr(symbols, position, 1)) - 1);
  end loop;
  return interim;
end;
$$;

create or replace function private.certificate_code_is_valid(code text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select code ~ '^[0-9A-HJKMNP-TV-Z]{12}$' and private.certificate_code_interim(code) = 0
$$;

create or replace function private.new_certificate_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  random_part text := '';
  interim integer;
  doubled integer;
  bytes bytea := extensions.gen_random_bytes(11);
  position integer;
begin
  -- 256 is a multiple of 32: the low five bits of a uniform byte are uniform.
  for position in 0 .. 10 loop
    random_part := random_part || substr(private.certificate_code_alphabet(), (get_byte(bytes, position) & 31) + 1, 1);
  end loop;
  interim := private.certificate_code_interim(random_part);
  doubled := interim << 1;
  if doubled & 32 <> 0 then
    doubled := doubled # 37;
  end if;
  return random_part || substr(private.certificate_code_alphabet(), doubled + 1, 1);
end;
$$;

revoke all on function private.certificate_code_alphabet(), private.certificate_code_interim(text),
  private.certificate_code_is_valid(text), private.new_certificate_code() from public;
-- The table's check constraint calls these as the writing role: the service role writes too.
grant execute on function private.certificate_code_alphabet(), private.certificate_code_interim(text),
  private.certificate_code_is_valid(text) to service_role;

-- Tables ------------------------------------------------------------------------------------

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  -- One certificate per seat: a re-issue changes this row, never makes a second.
  participant_id uuid not null references public.order_participants (id) on delete restrict,
  -- As printed, copied when issued (the roster may change afterwards; the certificate does not).
  holder_name text not null,
  program_id uuid not null references public.training_programs (id) on delete restrict,
  program_title text not null,
  intake_id uuid not null references public.program_intakes (id) on delete restrict,
  starts_on date not null,
  ends_on date not null,
  hours integer,
  issued_at timestamptz not null default now(),
  issued_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  revoked_reason text,
  updated_at timestamptz not null default now(),
  constraint certificates_code_key unique (code),
  constraint certificates_participant_key unique (participant_id),
  constraint certificates_code_valid check (private.certificate_code_is_valid(code)),
  constraint certificates_holder_name_not_blank check (length(btrim(holder_name)) between 1 and 200),
  constraint certificates_hours_range check (hours is null or hours between 1 and 2000),
  constraint certificates_dates check (ends_on >= starts_on),
  constraint certificates_revoked_whole check (
    (revoked_at is null and revoked_reason is null) or (revoked_at is not null and length(btrim(revoked_reason)) between 1 and 500)
  )
);

comment on table public.certificates is
  'A certificate per participant (seat), code printed and verified by public.verify_certificate; re-issue keeps the code.';

-- Each issue of a certificate, first and re-issues: the name printed each time and why it changed.
create table public.certificate_issues (
  id uuid primary key default gen_random_uuid(),
  certificate_id uuid not null references public.certificates (id) on delete cascade,
  holder_name text not null,
  reason text,
  issued_at timestamptz not null default now(),
  issued_by uuid references auth.users (id) on delete set null,
  constraint certificate_issues_reason_length check (reason is null or length(btrim(reason)) between 1 and 500)
);

comment on table public.certificate_issues is 'History of a certificate: each issue with the name printed and, for a re-issue, why.';

create index certificates_intake_idx on public.certificates (intake_id);
create index certificate_issues_certificate_idx on public.certificate_issues (certificate_id, issued_at);

create trigger certificates_touch_updated_at
  before update on public.certificates
  for each row execute function private.touch_updated_at();
create trigger certificates_audit
  after insert or update or delete on public.certificates
  for each row execute function private.audit_row_change();
create trigger certificate_issues_audit
  after insert or update or delete on public.certificate_issues
  for each row execute function private.audit_row_change();

-- RLS: staff with the role read; every write goes through the functions below. Nobody else reads
-- a row: the public sees a certificate only through public.verify_certificate.
alter table public.certificates enable row level security;
alter table public.certificate_issues enable row level security;
revoke all on table public.certificates, public.certificate_issues from anon, authenticated;
grant select on table public.certificates, public.certificate_issues to authenticated;

create policy certificates_select_staff on public.certificates
  for select to authenticated
  using ((select private.staff_may('certificates', false)));
create policy certificate_issues_select_staff on public.certificate_issues
  for select to authenticated
  using ((select private.staff_may('certificate_issues', false)));

insert into private.staff_access (relation, role, may_write) values
  -- The programmes team issues, re-issues and revokes; the front desk answers callers about them.
  ('certificates', 'programmes', true),
  ('certificates', 'front_desk', false),
  ('certificate_issues', 'programmes', true),
  ('certificate_issues', 'front_desk', false);

-- Verification ------------------------------------------------------------------------------

alter table private.client_limits drop constraint client_limits_write_known;
alter table private.client_limits add constraint client_limits_write_known
  check (write in ('newsletter', 'enquiry', 'event_registration', 'order', 'certificate_verification'));
alter table private.client_requests drop constraint client_requests_write_known;
alter table private.client_requests add constraint client_requests_write_known
  check (write in ('event_registration', 'certificate_verification'));

-- 60 look-ups per client address in 10 minutes: an employer checks a handful; a guesser at 55
-- bits gets nowhere either way, and the limit keeps the table from being walked for names.
-- A look-up is a read: no proof of work, so max_without_proof = max_per_client.
insert into private.client_limits (write, max_without_proof, max_per_client, window_seconds)
values ('certificate_verification', 60, 60, 600);

-- What the public may know of a certificate: the holder's name, the program, its dates and
-- hours, when it was issued, and whether it still holds. Nothing about the order or the person.
-- An unknown code and a known one take the same path: one look-up by the unique index, one row
-- answered either way (status not_found with the rest null).
create or replace function public.verify_certificate(code text)
returns table (
  status text,
  holder_name text,
  program_title text,
  starts_on date,
  ends_on date,
  hours integer,
  issued_at timestamptz,
  revoked_at timestamptz
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  client text := private.client_key();
  limits record;
  recent integer;
  found_row public.certificates;
begin
  if verify_certificate.code is null or not private.certificate_code_is_valid(verify_certificate.code) then
    perform private.refuse('code', 'invalid_code',
      'This is not a certificate code: it has a typing error. Please check it against the certificate.');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('verify_certificate:client:' || client, 0));
  select l.max_per_client, l.window_seconds into limits from private.client_limits l where l.write = 'certificate_verification';
  delete from private.client_requests r where r.requested_at < now() - interval '1 day';
  select count(*) into recent from private.client_requests r
   where r.write = 'certificate_verification' and r.client_key = client
     and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
    raise exception using errcode = 'PT429', hint = 'too_many_verifications',
      message = 'Too many certificate checks from your network in a short time. Please try again in a few minutes.';
  end if;
  insert into private.client_requests (write, client_key) values ('certificate_verification', client);

  select c.* into found_row from public.certificates c where c.code = verify_certificate.code;
  return query select
    case when found_row.id is null then 'not_found' when found_row.revoked_at is not null then 'revoked' else 'valid' end,
    found_row.holder_name, found_row.program_title, found_row.starts_on, found_row.ends_on, found_row.hours,
    found_row.issued_at, found_row.revoked_at;
end;
$$;

comment on function public.verify_certificate(text) is
  'Anyone: a certificate by its code (valid, revoked with when, or not_found), limited per client address.';
revoke all on function public.verify_certificate(text) from public;
grant execute on function public.verify_certificate(text) to anon, authenticated, service_role;

-- Issuing -----------------------------------------------------------------------------------

create or replace function private.require_certificate_staff()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.staff_may('certificates', true) then
    raise exception using errcode = '42501', message = 'Only the programmes team may issue or revoke certificates.';
  end if;
end;
$$;
revoke all on function private.require_certificate_staff() from public;
grant execute on function private.require_certificate_staff() to authenticated, service_role;

-- Whether a participant may be given a certificate: they completed the intake, by the program's
-- rule with the order paid, or by a staff override (private.participant_has_completed, from
-- 20261128100000_rosters_attendance_completion.sql), and their line names an intake.
create or replace function private.participant_may_be_certified(participant_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.participant_has_completed(participant_may_be_certified.participant_id)
     and exists (
       select 1 from public.order_participants p
         join public.order_items i on i.id = p.order_item_id
        where p.id = participant_may_be_certified.participant_id and i.intake_id is not null)
$$;
revoke all on function private.participant_may_be_certified(uuid) from public;

-- Issue one participant's certificate (or answer the one they have). Returns its id.
create or replace function public.issue_certificate(participant_id uuid, hours integer default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  seat record;
  existing uuid;
  new_id uuid;
begin
  perform private.require_certificate_staff();
  select p.id, p.full_name, i.program_id, i.title, i.intake_id, t.starts_on, t.ends_on into seat
    from public.order_participants p
    join public.order_items i on i.id = p.order_item_id
    left join public.program_intakes t on t.id = i.intake_id
   where p.id = issue_certificate.participant_id
   for update of p;
  if seat.id is null then
    perform private.refuse('participant_id', 'participant_not_found', 'There is no such participant.');
  end if;
  select c.id into existing from public.certificates c where c.participant_id = seat.id;
  if existing is not null then
    return existing;
  end if;
  if not private.participant_may_be_certified(seat.id) then
    perform private.refuse('participant_id', 'not_completed',
      format('%s has not completed the program (attendance below the rule, or the order not paid): no certificate can be issued.', seat.full_name));
  end if;
  if hours is not null and hours not between 1 and 2000 then
    perform private.refuse('hours', 'invalid_hours', 'The hours must be a whole number from 1 to 2000, or left empty.');
  end if;

  loop
    begin
      insert into public.certificates (code, participant_id, holder_name, program_id, program_title, intake_id,
                                       starts_on, ends_on, hours, issued_by)
      values (private.new_certificate_code(), seat.id, seat.full_name, seat.program_id, seat.title, seat.intake_id,
              seat.starts_on, seat.ends_on, issue_certificate.hours, auth.uid())
      returning id into new_id;
      exit;
    exception when unique_violation then
      -- 2^55 codes: a clash is all but impossible, and then a new draw settles it.
      if sqlerrm like '%certificates_participant_key%' then
        raise;
      end if;
    end;
  end loop;
  insert into public.certificate_issues (certificate_id, holder_name, issued_by) values (new_id, seat.full_name, auth.uid());
  return new_id;
end;
$$;

-- Every participant of the intake who may be certified and has none yet. Returns how many.
create or replace function public.issue_intake_certificates(intake_id uuid, hours integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  seat uuid;
  issued integer := 0;
begin
  perform private.require_certificate_staff();
  for seat in
    select p.id from public.order_participants p
      join public.order_items i on i.id = p.order_item_id
     where i.intake_id = issue_intake_certificates.intake_id
       and not exists (select 1 from public.certificates c where c.participant_id = p.id)
       and private.participant_may_be_certified(p.id)
     order by i.order_id, p.position
  loop
    perform public.issue_certificate(seat, issue_intake_certificates.hours);
    issued := issued + 1;
  end loop;
  return issued;
end;
$$;

-- A corrected name: the same code, the change in the history.
create or replace function public.reissue_certificate(certificate_id uuid, holder_name text, reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_certificate_staff();
  if holder_name is null or length(btrim(holder_name)) not between 1 and 200 then
    perform private.refuse('holder_name', 'invalid_name', 'Please enter the name as it should be printed.');
  end if;
  if reason is null or length(btrim(reason)) not between 1 and 500 then
    perform private.refuse('reason', 'reason_missing', 'Please say why the certificate is re-issued.');
  end if;
  update public.certificates c set holder_name = btrim(reissue_certificate.holder_name), issued_at = now(), issued_by = auth.uid()
   where c.id = reissue_certificate.certificate_id and c.revoked_at is null;
  if not found then
    perform private.refuse('certificate_id', 'certificate_not_reissuable', 'There is no such certificate, or it has been revoked.');
  end if;
  insert into public.certificate_issues (certificate_id, holder_name, reason, issued_by)
  values (reissue_certificate.certificate_id, btrim(reissue_certificate.holder_name), btrim(reason), auth.uid());
end;
$$;

create or replace function public.revoke_certificate(certificate_id uuid, reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_certificate_staff();
  if reason is null or length(btrim(reason)) not between 1 and 500 then
    perform private.refuse('reason', 'reason_missing', 'Please say why the certificate is revoked.');
  end if;
  update public.certificates c
     set revoked_at = now(), revoked_by = auth.uid(), revoked_reason = btrim(revoke_certificate.reason)
   where c.id = revoke_certificate.certificate_id and c.revoked_at is null;
  if not found then
    perform private.refuse('certificate_id', 'certificate_not_revocable', 'There is no such certificate, or it is already revoked.');
  end if;
end;
$$;

revoke all on function public.issue_certificate(uuid, integer), public.issue_intake_certificates(uuid, integer),
  public.reissue_certificate(uuid, text, text), public.revoke_certificate(uuid, text) from public, anon;
grant execute on function public.issue_certificate(uuid, integer), public.issue_intake_certificates(uuid, integer),
  public.reissue_certificate(uuid, text, text), public.revoke_certificate(uuid, text) to authenticated, service_role;
