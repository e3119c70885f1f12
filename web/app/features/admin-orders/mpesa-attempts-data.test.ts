/** The staff re-query's report in words: a settled attempt is said as paid or failed, an open one as still waiting. */
import { describe, expect, it } from 'vitest';
import { describeReport } from './mpesa-attempts-data';

const none = { checked: 1, paid: 0, failed: 0, open: 0, errors: 0 };

describe('describeReport', () => {
  it('says paid, failed, still waiting, already settled and could-not-ask apart', () => {
    expect(describeReport({ ...none, paid: 1 })).toEqual({
      ok: true,
      settled: true,
      message: 'M-Pesa confirmed the payment: the order is paid.',
    });
    expect(describeReport({ ...none, failed: 1 })).toMatchObject({
      ok: true,
      settled: true,
      message: /did not go through/,
    });
    expect(describeReport({ ...none, open: 1 })).toMatchObject({ ok: true, settled: false, message: /still waiting/ });
    expect(describeReport({ ...none, checked: 0 })).toMatchObject({
      ok: true,
      settled: true,
      message: /already settled/,
    });
    expect(describeReport({ ...none, errors: 1 })).toMatchObject({ ok: false, message: /could not be asked/ });
  });
});
