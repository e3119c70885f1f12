-- Events with people registered are cancelled, not deleted, and their people are told (issue 22,
-- item 2). Deleting such an event used to cascade to its registrations (checked-in people too),
-- silently: nobody was told and their cancel links answered "Registration not found".
--
--  * Deleting an event that has registrations (any, cancelled ones included: they are the
--    history of who came and who called off) is refused in words; the foreign key no longer
--    cascades either.
--  * Setting events.cancelled_at cancels the event, whoever writes it (the admin's "Cancel event",
--    a script): the event is unpublished for good, every confirmed or waitlisted registration is
--    cancelled (seats released; nobody is moved up: there is no event to move up to) and each
--    person gets an e-mail through the outbox, in the same transaction. A cancelled event stays
--    cancelled.
--  * A change of date, time or venue of an event that is not cancelled raises its calendar
--    sequence (the iCalendar SEQUENCE: calendars replace the entry with the same UID) and e-mails
--    every confirmed or waitlisted person the new details (the confirmed ones with the new .ics).
--  * Staff now set an event's capacity in the admin (item 3): it may not drop below the seats
--    already taken, and raising it (or removing it) moves the waitlist up.

alter table public.events
  add column cancelled_at timestamptz,
  add column calendar_sequence integer not null default 0,
  add constraint events_cancelled_not_published check (cancelled_at is null or not is_published),
  add constraint events_calendar_sequence_not_negative check (calendar_sequence >= 0);

comment on column public.events.cancelled_at is
  'When staff cancelled the event (null: not cancelled). Setting it cancels the registrations and mails their people.';
comment on column public.events.calendar_sequence is
  'The iCalendar SEQUENCE of the event''s .ics: raised by the database on each change of date, time or venue, and on cancellation.';

alter table public.event_registrations
  drop constraint event_registrations_event_id_fkey,
  add constraint event_registrations_event_id_fkey
    foreign key (event_id) references public.events (id) on delete restrict;

-- The outbox: mails telling registrants that their event was cancelled or moved.
alter table public.mail_outbox
  drop constraint mail_outbox_kind_known,
  add constraint mail_outbox_kind_known check (kind in (
    'order_confirmation', 'order_notification', 'mpesa_code_notification', 'mpesa_receipt',
    'order_confirmed', 'order_paid', 'order_cancelled', 'order_hold_reminder', 'order_expired',
    'newsletter_confirmation', 'newsletter_welcome',
    'enquiry_notification', 'enquiry_receipt',
    'event_registration_confirmed', 'event_registration_waitlisted', 'event_registration_promoted',
    'event_registration_cancelled', 'event_registration_event_cancelled', 'event_registration_event_changed'));

-- Before a delete: an event with registrations is refused, with how many and what to do instead.
create or replace function private.event_refuse_delete_with_registrations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  registered integer;
  total integer;
begin
  select count(*) filter (where r.status <> 'cancelled'), count(*) into registered, total
    from public.event_registrations r where r.event_id = old.id;
  if total > 0 then
    perform private.refuse('event', 'event_has_registrations',
      case when registered = 0
        then format('“%s” has %s cancelled registration%s, kept as its history, so it cannot be deleted. Unpublish it instead.',
                    old.title, total, case when total = 1 then '' else 's' end)
        else format('%s %s registered for “%s”, so it cannot be deleted. Cancel the event instead: they are told by e-mail.',
                    registered, case when registered = 1 then 'person is' else 'people are' end, old.title)
      end);
  end if;
  return old;
end;
$$;

revoke all on function private.event_refuse_delete_with_registrations() from public;

create trigger events_refuse_delete_with_registrations
  before delete on public.events
  for each row execute function private.event_refuse_delete_with_registrations();

-- Before an update: cancellation is one-way and unpublishes; the calendar sequence is the
-- database's to keep (raised on a change of when or where, never set by a writer).
-- Security definer only to call private.refuse (not granted to staff); it touches nothing but NEW.
create or replace function private.event_track_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.calendar_sequence := 0;
    if new.cancelled_at is not null then
      perform private.refuse('cancelled_at', 'event_cancelled_on_insert', 'A new event cannot start out cancelled.');
    end if;
    return new;
  end if;
  new.calendar_sequence := old.calendar_sequence;
  if old.cancelled_at is not null and new.cancelled_at is distinct from old.cancelled_at then
    perform private.refuse('cancelled_at', 'event_cancelled',
      'This event is cancelled, and a cancelled event stays cancelled. Create a new event instead.');
  end if;
  if old.cancelled_at is null and new.cancelled_at is not null then
    if old.starts_at <= now() then
      perform private.refuse('cancelled_at', 'event_past',
        'This event has already started, so it cannot be cancelled. Unpublish it instead.');
    end if;
    new.cancelled_at := now();
    new.is_published := false;
    new.calendar_sequence := old.calendar_sequence + 1;
  elsif old.cancelled_at is null
        and (new.starts_at, new.ends_at, new.venue) is distinct from (old.starts_at, old.ends_at, old.venue) then
    new.calendar_sequence := old.calendar_sequence + 1;
  end if;
  -- Seats given are kept: a lower capacity may not take them back (the admin form says so too).
  if new.capacity is not null and new.capacity is distinct from old.capacity
     and new.capacity < private.event_seats_taken(new.id) then
    perform private.refuse('capacity', 'capacity_below_taken',
      format('The capacity cannot be lower than the %s seats already taken.', private.event_seats_taken(new.id)));
  end if;
  return new;
end;
$$;

revoke all on function private.event_track_changes() from public;

create trigger events_track_changes
  before insert or update on public.events
  for each row execute function private.event_track_changes();

-- After an update: the registrants of a cancelled event are cancelled and told; those of a moved
-- event are told; a larger capacity moves the waitlist up. Runs as its owner: staff may not write registrations or the outbox themselves.
create or replace function private.event_tell_registrants()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.cancelled_at is null and new.cancelled_at is not null then
    with cancelled as (
      update public.event_registrations r
         set status = 'cancelled', cancelled_at = now(), checked_in_at = null
       where r.event_id = new.id and r.status <> 'cancelled'
      returning r.id, r.email
    )
    insert into public.mail_outbox (kind, registration_id, recipient)
    select 'event_registration_event_cancelled', c.id, c.email from cancelled c;
  elsif new.cancelled_at is null and new.calendar_sequence > old.calendar_sequence then
    insert into public.mail_outbox (kind, registration_id, recipient)
    select 'event_registration_event_changed', r.id, r.email
      from public.event_registrations r
     where r.event_id = new.id and r.status <> 'cancelled'
     order by r.created_at, r.id;
  end if;
  -- More seats (or no limit any more): the waitlist moves up, each person told.
  if new.cancelled_at is null and new.capacity is distinct from old.capacity then
    perform private.promote_waitlist(new.id);
  end if;
  return null;
end;
$$;

revoke all on function private.event_tell_registrants() from public;

create trigger events_tell_registrants
  after update of cancelled_at, starts_at, ends_at, venue, capacity on public.events
  for each row execute function private.event_tell_registrants();

-- The cancel page learns that the event itself was cancelled (its own words, not "not found").
drop function public.get_event_registration(text);
create function public.get_event_registration(token text)
returns table (status text, name text, seats integer, event_title text, event_slug text, starts_at timestamptz,
               ends_at timestamptz, venue text, event_cancelled boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select r.status, r.name, r.seats, e.title, e.slug, e.starts_at, e.ends_at, e.venue, e.cancelled_at is not null
    from public.event_registrations r join public.events e on e.id = r.event_id
   where r.token = get_event_registration.token and get_event_registration.token ~ '^[A-Za-z0-9_-]{43}$';
$$;

revoke all on function public.get_event_registration(text) from public;
grant execute on function public.get_event_registration(text) to anon, authenticated;

-- The mail worker renders the .ics with the event's sequence, and says when the event was cancelled.
drop function public.registration_mail_document(uuid);
create function public.registration_mail_document(registration_id uuid)
returns table (name text, email text, seats integer, status text, token text, event_id uuid, event_title text,
               event_slug text, description text, venue text, mode text, starts_at timestamptz, ends_at timestamptz,
               waitlist_position integer, calendar_sequence integer, event_cancelled boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select r.name, r.email, r.seats, r.status, r.token, e.id, e.title, e.slug, e.description, e.venue, e.mode,
         e.starts_at, e.ends_at,
         case when r.status = 'waitlisted' then (
           select count(*)::integer from public.event_registrations w
            where w.event_id = r.event_id and w.status = 'waitlisted' and (w.created_at, w.id) <= (r.created_at, r.id))
         end,
         e.calendar_sequence, e.cancelled_at is not null
    from public.event_registrations r join public.events e on e.id = r.event_id
   where r.id = registration_id;
$$;

revoke all on function public.registration_mail_document(uuid) from public, anon, authenticated;
grant execute on function public.registration_mail_document(uuid) to service_role;
