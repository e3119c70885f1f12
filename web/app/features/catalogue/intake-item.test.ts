/** An intake's seats as pages write them: left, and held by unpaid orders that may come back. */
import { describe, expect, it } from 'vitest';
import { toIntakeItem, type IntakeSource } from './intake-item.ts';

const row = (seats_left: number, seats_on_hold?: number | null): IntakeSource => ({
  id: 'i1',
  program_id: 'p1',
  starts_on: '2027-01-12',
  ends_on: '2027-01-15',
  is_online: true,
  venue: null,
  seats_left,
  seats_on_hold,
});

describe('toIntakeItem seats', () => {
  it('says how many are left, and how many of the taken ones are only on hold', () => {
    expect(toIntakeItem(row(12)).seats).toBe('12 seats left');
    expect(toIntakeItem(row(12, 0)).seats).toBe('12 seats left');
    expect(toIntakeItem(row(1, 3)).seats).toBe('1 seat left (3 on hold)');
    expect(toIntakeItem(row(0, 5)).seats).toBe('Full (5 on hold)');
  });
});
