/** The admin's copy of the workflow offers exactly the steps the database allows. */
import { describe, expect, it } from 'vitest';
import { isOrderStatus, nextActions } from './order-status';

describe('nextActions', () => {
  it('offers confirm or cancel for pending, paid or cancel for confirmed, a credited cancel once paid, nothing once cancelled', () => {
    expect(nextActions('pending').map((a) => a.to)).toEqual(['confirmed', 'cancelled']);
    expect(nextActions('confirmed').map((a) => a.to)).toEqual(['paid', 'cancelled']);
    expect(nextActions('paid').map((a) => a.label)).toEqual(['Cancel and credit']);
    expect(nextActions('cancelled')).toEqual([]);
    expect(nextActions('expired')).toEqual([]);
  });

  it('asks for confirmation before cancelling only', () => {
    const all = [...nextActions('pending'), ...nextActions('confirmed'), ...nextActions('paid')];
    expect(all.filter((a) => a.confirm).map((a) => a.to)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('recognises the four statuses and nothing else', () => {
    expect(['pending', 'confirmed', 'paid', 'cancelled'].every(isOrderStatus)).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});
