import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  mayRenameParticipants,
  newsletterStatusLabel,
  orderStatusLabel,
  unnamedSeatsLabel,
} from './account-labels';

describe('account labels', () => {
  it('names order statuses as the confirmation page does', () => {
    expect(orderStatusLabel('pending')).toBe('Awaiting payment');
    expect(orderStatusLabel('confirmed')).toBe('Confirmed, awaiting payment');
    expect(orderStatusLabel('paid')).toBe('Paid');
    expect(awaitsPayment('pending')).toBe(true);
    expect(awaitsPayment('confirmed')).toBe(true);
    expect(awaitsPayment('paid')).toBe(false);
    expect(awaitsPayment('expired')).toBe(false);
  });

  it('offers a participant change on a paid order until the intake starts', () => {
    expect(mayRenameParticipants('paid', '2026-12-01', '2026-11-30')).toBe(true);
    expect(mayRenameParticipants('paid', '2026-12-01', '2026-12-01')).toBe(false);
    expect(mayRenameParticipants('pending', '2026-12-01', '2026-11-30')).toBe(false);
    expect(mayRenameParticipants('paid', null, '2026-11-30')).toBe(false);
  });

  it('counts the seats still to name', () => {
    expect(unnamedSeatsLabel(1)).toBe('1 seat not named yet');
    expect(unnamedSeatsLabel(3)).toBe('3 seats not named yet');
  });

  it('says the newsletter status in words', () => {
    expect(newsletterStatusLabel(undefined)).toBe('Not subscribed');
    expect(newsletterStatusLabel('confirmed')).toBe('Subscribed');
    expect(newsletterStatusLabel('unsubscribed')).toBe('Unsubscribed');
  });
});
