/** The polled payment state: what get_mpesa_payment answers is read, anything else is refused. */
import { describe, expect, it } from 'vitest';
import { isWaiting, parsePaymentState } from './payment-state';

const attempt = { status: 'pending', result_code: null, phone: '2547****5678', amount: 65001, requested_at: 'x' };

describe('parsePaymentState', () => {
  it('reads an order with and without an attempt', () => {
    expect(parsePaymentState({ order_status: 'pending', payment_method: 'mpesa', receipt: null, attempt })).toEqual({
      order_status: 'pending',
      payment_method: 'mpesa',
      receipt: null,
      attempt: { status: 'pending', result_code: null, phone: '2547****5678', amount: 65001 },
    });
    expect(
      parsePaymentState({ order_status: 'paid', payment_method: 'mpesa', receipt: 'QJK7XYZ123', attempt: null }),
    ).toMatchObject({ receipt: 'QJK7XYZ123', attempt: null });
  });

  it('refuses shapes it does not know', () => {
    for (const value of [
      null,
      [],
      { order_status: 'pending' },
      { order_status: 'pending', payment_method: 'mpesa', receipt: 1, attempt: null },
      { order_status: 'pending', payment_method: 'mpesa', receipt: null, attempt: { ...attempt, status: 'odd' } },
    ])
      expect(() => parsePaymentState(value)).toThrow(/unexpected shape/);
  });
});

describe('isWaiting', () => {
  it('is true while a prompt is open only', () => {
    const state = (status: string) =>
      parsePaymentState({
        order_status: 'pending',
        payment_method: 'mpesa',
        receipt: null,
        attempt: { ...attempt, status },
      });
    expect(['requesting', 'pending', 'succeeded', 'failed'].map((s) => isWaiting(state(s)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(isWaiting(null)).toBe(false);
  });
});
