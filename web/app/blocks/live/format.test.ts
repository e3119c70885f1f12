/** Prices in USD and KES, event times in Nairobi (UTC+3) whatever the server's zone, metric labels. */
import { describe, expect, it } from 'vitest';
import { calendarBadge, eventStatus, formatEventWhen, formatMetric, formatPrice, modeLabel } from './format.ts';

/** Intl puts a no-break space between code and amount; compare with ordinary spaces. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('shows the currency code and grouped amount', () => {
    expect(spaced(formatPrice(1250, 'USD'))).toBe('USD 1,250');
    expect(spaced(formatPrice(65000, 'KES'))).toBe('KES 65,000');
  });

  it('keeps cents only when there are some', () => {
    expect(spaced(formatPrice(480.5, 'USD'))).toBe('USD 480.50');
    expect(spaced(formatPrice(480, 'USD'))).toBe('USD 480');
  });

  it('still shows an amount for a code Intl does not accept', () => {
    expect(formatPrice(10, 'dollars')).toBe('dollars 10');
  });

  it('gives text the cart can parse back: digits and dots are the amount', () => {
    expect(formatPrice(65000, 'KES').replace(/[^\d.]/g, '')).toBe('65000');
    expect(formatPrice(1250.75, 'USD').replace(/[^\d.]/g, '')).toBe('1250.75');
  });
});

describe('formatEventWhen', () => {
  it('shows a same-day event in Nairobi time (UTC+3) with one date', () => {
    expect(spaced(formatEventWhen('2026-12-02T08:00:00Z', '2026-12-02T14:00:00Z'))).toBe(
      'Wed, 2 Dec 2026, 11:00–17:00 EAT',
    );
  });

  it('shows both dates for an event over several days', () => {
    const text = spaced(formatEventWhen('2026-12-02T05:00:00Z', '2026-12-03T14:00:00Z'));
    expect(text).toMatch(/^Wed, 2 Dec 2026, 08:00 ?– ?Thu, 3 Dec 2026, 17:00 EAT$/);
  });

  it('uses the Nairobi date when UTC is still on the day before', () => {
    expect(spaced(formatEventWhen('2026-12-31T22:30:00Z', '2026-12-31T22:30:00Z'))).toBe('Fri, 1 Jan 2027, 01:30 EAT');
    expect(calendarBadge('2026-12-31T22:30:00Z')).toEqual({ day: '1', month: 'Jan' });
  });

  it('gives every month three letters in the badge, September included', () => {
    const months = Array.from(
      { length: 12 },
      (_, index) => calendarBadge(`2026-${String(index + 1).padStart(2, '0')}-15T09:00:00Z`).month,
    );
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });
});

describe('eventStatus', () => {
  const start = '2026-12-02T08:00:00Z';
  const end = '2026-12-02T14:00:00Z';
  it('is upcoming before the start, ongoing until the end, then past', () => {
    expect(eventStatus(start, end, new Date('2026-12-02T07:59:59Z'))).toBe('upcoming');
    expect(eventStatus(start, end, new Date('2026-12-02T08:00:00Z'))).toBe('ongoing');
    expect(eventStatus(start, end, new Date('2026-12-02T14:00:00Z'))).toBe('ongoing');
    expect(eventStatus(start, end, new Date('2026-12-02T14:00:01Z'))).toBe('past');
  });
});

describe('labels', () => {
  it('formats metrics with their suffix', () => {
    expect(formatMetric(12500, '+')).toBe('12,500+');
    expect(formatMetric(96, '%')).toBe('96%');
    expect(formatMetric(38, '')).toBe('38');
  });

  it('names the delivery modes', () => {
    expect(modeLabel('in-person')).toBe('In person');
    expect(modeLabel('virtual')).toBe('Online');
    expect(modeLabel('hybrid')).toBe('Hybrid');
    expect(modeLabel('field trip')).toBe('field trip');
  });
});
