/** Intake dates read as calendar dates in Nairobi, whatever the reader's zone. */
import { describe, expect, it } from 'vitest';
import { formatIntakeDates, intakePlace, seatsLeftLabel } from './intake-dates.ts';

const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('formatIntakeDates', () => {
  it('shows one date for a one-day intake and a range for a longer one', () => {
    expect(spaced(formatIntakeDates('2027-01-12', '2027-01-12'))).toBe('Tue, 12 Jan 2027');
    expect(spaced(formatIntakeDates('2027-01-12', '2027-01-15'))).toMatch(/^Tue, 12 ?– ?Fri, 15 Jan 2027$/);
    expect(spaced(formatIntakeDates('2026-12-30', '2027-01-02'))).toMatch(/^Wed, 30 Dec 2026 ?– ?Sat, 2 Jan 2027$/);
  });

  it('never shifts a date by a time zone and shows malformed text as it is', () => {
    expect(spaced(formatIntakeDates('2027-03-01', '2027-02-28'))).toBe('Mon, 1 Mar 2027');
    expect(formatIntakeDates('soon', '2027-01-01')).toBe('soon');
  });
});

describe('intake labels', () => {
  it('names the place and the seats left', () => {
    expect(intakePlace({ isOnline: true, venue: null })).toBe('Online');
    expect(intakePlace({ isOnline: false, venue: 'Kiambu Road, Nairobi' })).toBe('Kiambu Road, Nairobi');
    expect(seatsLeftLabel(0)).toBe('Full');
    expect(seatsLeftLabel(1)).toBe('1 seat left');
    expect(seatsLeftLabel(12)).toBe('12 seats left');
  });
});
