/** The event's calendar file and links: Nairobi wall-clock times with their time zone, read back with node-ical. */
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { addToCalendarLinks, eventIcs, nairobiWallClock, type CalendarEvent } from './event-calendar.ts';

const event: CalendarEvent = {
  uid: 'event-1@ascent.example',
  title: 'CFO Breakfast; budgets, risks',
  description: 'Line one\nLine two',
  location: 'Ascent Training Centre, Kiambu Road',
  startsAt: new Date('2026-12-31T20:30:00Z'),
  endsAt: new Date('2026-12-31T23:00:00Z'),
  url: 'https://ascent.example/events',
};

describe('event calendar', () => {
  it('writes Nairobi wall-clock time (UTC+3), across a date line too', () => {
    expect(nairobiWallClock(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12-01T09:00:00');
    expect(nairobiWallClock(event.startsAt)).toBe('2026-12-31T23:30:00');
    expect(nairobiWallClock(event.endsAt)).toBe('2027-01-01T02:00:00');
  });

  it('makes an .ics with TZID=Africa/Nairobi and its VTIMEZONE that a calendar reads as the same instants', () => {
    const text = eventIcs(event, 'Ascent');
    expect(text).toContain('DTSTART;TZID=Africa/Nairobi:20261231T233000');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Africa/Nairobi');
    const [parsed] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(parsed?.uid).toBe('event-1@ascent.example');
    expect(parsed?.summary).toBe(event.title);
    expect(parsed?.description).toBe(event.description);
    expect(parsed?.start.toISOString()).toBe(event.startsAt.toISOString());
    expect(parsed?.end?.toISOString()).toBe(event.endsAt.toISOString());
  });

  it('links to Google Calendar and Outlook with the event prefilled in UTC', () => {
    const links = addToCalendarLinks(event);
    const google = new URL(links.google);
    expect(google.searchParams.get('dates')).toBe('20261231T203000Z/20261231T230000Z');
    expect(google.searchParams.get('text')).toBe(event.title);
    const outlook = new URL(links.outlook);
    expect(outlook.searchParams.get('startdt')).toBe('2026-12-31T20:30:00.000Z');
    expect(outlook.searchParams.get('location')).toBe(event.location);
  });
});
