/**
 * An event as an iCalendar file (RFC 5545) with ical-generator: times in Africa/Nairobi (TZID
 * with its VTIMEZONE: East Africa Time, UTC+3 all year, no daylight saving), DTSTAMP in UTC, a
 * SEQUENCE that grows with each change of the event (a calendar replaces the entry of the same
 * UID), a cancellation as METHOD:CANCEL; and the add-to-calendar links (Google Calendar, Outlook)
 * the confirmation e-mail offers beside it.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export const eventTimeZone = 'Africa/Nairobi';

// Kenya has kept UTC+3 without daylight saving since 1960; a fixed VTIMEZONE says so to clients
// that have no tz database (RFC 5545 requires one per TZID used).
const nairobiVTimezone = [
  'BEGIN:VTIMEZONE',
  'TZID:Africa/Nairobi',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:EAT',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface CalendarEvent {
  /** Stable across mails, so a calendar updates the entry instead of adding another. */
  uid: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  url: string;
  /** The event's calendar_sequence: raised by the database on each change of date, time or venue. */
  sequence: number;
  /** The event is cancelled: the file removes it from the calendar. */
  cancelled?: boolean;
}

/** Who sends the file: PRODID's company, and the ORGANIZER a cancellation needs (RFC 5546). */
export interface CalendarOrganiser {
  name: string;
  email: string;
}

/** The wall-clock time in Nairobi, `YYYY-MM-DDTHH:mm:ss` (what ical-generator writes after TZID=). */
export function nairobiWallClock(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: eventTimeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The MIME type of the attachment: its method parameter must match the file's METHOD (RFC 6047). */
export function icsContentType(event: CalendarEvent): string {
  return `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'PUBLISH'}`;
}

export function eventIcs(event: CalendarEvent, organiser: CalendarOrganiser): string {
  const calendar = ical({
    prodId: { company: organiser.name, product: 'Events', language: 'EN' },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (name null), only the event's: ical-generator writes DTSTAMP in the
    // calendar's zone without its Z, and RFC 5545 requires UTC there. The generator still adds
    // the VTIMEZONE of the event's TZID.
    timezone: { name: null, generator: () => nairobiVTimezone },
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: organiser.name, email: organiser.email },
    start: nairobiWallClock(event.startsAt),
    end: nairobiWallClock(event.endsAt),
    timezone: eventTimeZone,
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
  });
  return calendar.toString();
}

const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Links that open the event in Google Calendar and Outlook.com, prefilled. */
export function addToCalendarLinks(event: CalendarEvent): { google: string; outlook: string } {
  const google = new URL('https://calendar.google.com/calendar/render');
  google.searchParams.set('action', 'TEMPLATE');
  google.searchParams.set('text', event.title);
  google.searchParams.set('dates', `${utcStamp(event.startsAt)}/${utcStamp(event.endsAt)}`);
  google.searchParams.set('ctz', eventTimeZone);
  google.searchParams.set('location', event.location);
  google.searchParams.set('details', `${event.description}\n\n${event.url}`);
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.searchParams.set('path', '/calendar/action/compose');
  outlook.searchParams.set('rru', 'addevent');
  outlook.searchParams.set('subject', event.title);
  outlook.searchParams.set('startdt', event.startsAt.toISOString());
  outlook.searchParams.set('enddt', event.endsAt.toISOString());
  outlook.searchParams.set('location', event.location);
  outlook.searchParams.set('body', `${event.description}\n\n${event.url}`);
  return { google: google.toString(), outlook: outlook.toString() };
}
