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
  sequence: 0,
};

const organiser = { name: 'Ascent', email: 'bookings@ascent.example' };

describe('event calendar', () => {
  it('writes Nairobi wall-clock time (UTC+3), across a date line too', () => {
    expect(nairobiWallClock(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12-01T09:00:00');
    expect(nairobiWallClock(event.startsAt)).toBe('2026-12-31T23:30:00');
    expect(nairobiWallClock(event.endsAt)).toBe('2027-01-01T02:00:00');
  });

  it('makes an .ics with TZID=Africa/Nairobi and its VTIMEZONE that a calendar reads as the same instants', () => {
    const text = eventIcs(event, organiser);
    expect(text).toContain('DTSTART;TZID=Africa/Nairobi:20261231T233000');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Africa/Nairobi');
    const [parsed] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(parsed?.uid).toBe('event-1@ascent.example');
    expect(parsed?.summary).toBe(event.title);
    expect(parsed?.description).toBe(event.description);
    expect(parsed?.start.toISOString()).toBe(event.startsAt.toISOString());
    expect(parsed?.end?.toISOString()).toBe(event.endsAt.toISOString());
  });

  it('stamps DTSTAMP in UTC with its trailing Z (RFC 5545 3.8.7.2), whatever the time zone of the event', () => {
    const before = Date.now();
    const stamp = /\r\nDTSTAMP:(\d{8}T\d{6}Z)\r\n/.exec(eventIcs(event, organiser))?.[1];
    expect(stamp).toBeDefined();
    const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp!)!.map(Number);
    const stamped = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });

  it('carries the sequence of the event, and a cancellation with the same UID as METHOD:CANCEL', () => {
    const moved = eventIcs({ ...event, sequence: 2 }, organiser);
    expect(moved).toContain('METHOD:PUBLISH');
    expect(moved).toContain('\r\nSEQUENCE:2\r\n');
    const cancelled = eventIcs({ ...event, sequence: 3, cancelled: true }, organiser);
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(cancelled).toContain('ORGANIZER;CN="Ascent":mailto:bookings@ascent.example');
    const [parsed] = Object.values(ical.sync.parseICS(cancelled)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(parsed?.uid).toBe(event.uid);
    expect(Number(parsed?.sequence)).toBe(3);
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
