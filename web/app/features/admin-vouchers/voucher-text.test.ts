import { describe, expect, it } from 'vitest';
import { heldSeatsText } from './voucher-text';

const choices = {
  programs: [{ id: 'p1', title: 'Women in Leadership' }],
  intakes: [{ id: 'i1', program_id: 'p1', starts_on: '2027-03-01' }],
};
const hold = {
  held_intake_id: 'i1',
  held_seats: 3,
  held_until: null,
  held_used: 1,
  hold_active: true,
  is_paused: false,
};

describe('heldSeatsText', () => {
  it('says where a voucher holds seats and how many its orders used', () => {
    expect(heldSeatsText([hold], choices)).toBe('1 of 3 used, in Women in Leadership from 2027-03-01');
    expect(heldSeatsText([{ ...hold, held_intake_id: null, held_seats: null }], choices)).toBe('None');
  });

  it('adds up a batch, and says when the hold is released', () => {
    const batch = [
      { ...hold, held_seats: 1, held_used: 1 },
      { ...hold, held_seats: 1, held_used: 0 },
    ];
    expect(heldSeatsText(batch, choices)).toBe('1 of 2 used, in Women in Leadership from 2027-03-01');
    expect(heldSeatsText([{ ...hold, hold_active: false }], choices)).toMatch(/\(released\)$/);
  });
});
