/**
 * An event as an iCalendar file (RFC 5545) with ical-generator: times in Africa/Nairobi (TZID
 * with its VTIMEZONE: East Africa Time, UTC+3 all year, no daylight saving), and the
 * add-to-calendar links (Google Calendar, Outlook) the confirmation e-mail offers beside it.
 */
import ical from 'ical-generator';

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

export function eventIcs(event: CalendarEvent, organiser: string): string {
  const calendar = ical({
    prodId: { company: organiser, product: 'Events', language: 'EN' },
    timezone: { name: eventTimeZone, generator: () => nairobiVTimezone },
  });
  calendar.createEvent({
    id: event.uid,
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
