import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from './startup-settings.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody when empty', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ problems: [] });
    expect(parseTrustedProxies(' ')).toEqual({ problems: [] });
  });

  it('takes addresses, CIDR ranges (IPv4 also as mapped IPv6) and loopback', () => {
    const { list, problems } = parseTrustedProxies('10.0.0.0/8, 192.168.1.5, 2001:db8::/32, loopback');
    expect(problems).toEqual([]);
    expect(list!.check('10.20.30.40', 'ipv4')).toBe(true);
    expect(list!.check('::ffff:10.20.30.40', 'ipv6')).toBe(true);
    expect(list!.check('192.168.1.5', 'ipv4')).toBe(true);
    expect(list!.check('192.168.1.6', 'ipv4')).toBe(false);
    expect(list!.check('2001:db8::1', 'ipv6')).toBe(true);
    expect(list!.check('127.0.0.1', 'ipv4')).toBe(true);
    expect(list!.check('::1', 'ipv6')).toBe(true);
    expect(list!.check('8.8.8.8', 'ipv4')).toBe(false);
  });

  it('names each entry that is not an address or range', () => {
    expect(parseTrustedProxies('10.0.0.0/33, cdn.example, 1.2.3.4').problems).toEqual([
      'TRUST_PROXY: not an IP address, CIDR range or "loopback": "10.0.0.0/33"',
      'TRUST_PROXY: not an IP address, CIDR range or "loopback": "cdn.example"',
    ]);
  });
});
