/** Staff times are Nairobi time whatever the zone of the machine running them (see vitest's TZ runs). */
import { describe, expect, it } from 'vitest';
import {
  csvTimeHeader,
  formatCalendarDate,
  formatCsvDateTime,
  formatDateTime,
  formatWeek,
  formatWeekStart,
  fromStaffInput,
  toStaffInput,
} from './dates.ts';

describe('staff times', () => {
  it('shows an instant in Nairobi time with its zone', () => {
    expect(formatDateTime('2026-12-01T05:00:00Z')).toBe('1 Dec 2026, 08:00 EAT');
  });

  it('reads a datetime-local value as Nairobi time and writes it back unchanged', () => {
    expect(fromStaffInput('2026-12-01T08:00')).toBe('2026-12-01T05:00:00.000Z');
    expect(toStaffInput('2026-12-01T05:00:00Z')).toBe('2026-12-01T08:00');
    expect(toStaffInput(fromStaffInput('2026-12-31T23:30') ?? '')).toBe('2026-12-31T23:30');
  });

  it('refuses what is not a date and time', () => {
    expect(fromStaffInput('')).toBeNull();
    expect(fromStaffInput('tomorrow')).toBeNull();
  });

  it('gives spreadsheets Nairobi time to the second and names the zone in the header', () => {
    expect(formatCsvDateTime('2026-11-23T06:07:08.123456+00:00')).toBe('2026-11-23 09:07:08');
    expect(formatCsvDateTime(null)).toBe('');
    expect(csvTimeHeader('Placed at')).toBe('Placed at (EAT, UTC+03:00)');
  });

  it('keeps calendar dates as written and names weeks in words', () => {
    expect(formatCalendarDate('2026-12-01')).toBe('1 Dec 2026');
    expect(formatWeek('2026-11-23')).toBe('23–29 Nov 2026');
    expect(formatWeek('2026-12-28')).toMatch(/^28 Dec 2026\s–\s3 Jan 2027$/);
    expect(formatWeekStart('2026-11-23')).toBe('23 Nov');
  });
});
