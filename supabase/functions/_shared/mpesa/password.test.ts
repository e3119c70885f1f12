/** The Daraja password and timestamp: Daraja's documented sample, and Nairobi time. */
import { describe, expect, it } from 'vitest';
import { darajaPassword, darajaTimestamp } from './password.ts';

describe('darajaPassword', () => {
  it('is base64(shortcode + passkey + timestamp), as in Daraja’s sandbox sample', () => {
    expect(
      darajaPassword('174379', 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', '20160216165627'),
    ).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });
});

describe('darajaTimestamp', () => {
  it('is YYYYMMDDHHmmss in Nairobi time (UTC+3)', () => {
    expect(darajaTimestamp(new Date('2026-11-24T07:05:09Z'))).toBe('20261124100509');
  });

  it('rolls over to the next Nairobi day and year', () => {
    expect(darajaTimestamp(new Date('2026-12-31T22:30:00Z'))).toBe('20270101013000');
  });
});
