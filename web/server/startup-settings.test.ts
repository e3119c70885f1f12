import { describe, expect, it } from 'vitest';
import { localDefaults } from '../../local/env.ts';
import { parseTrustedProxies, readStartupSettings } from './startup-settings.ts';

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

describe('MAINTENANCE_MAX_AGE_MS', () => {
  const env = {
    SUPABASE_URL: 'http://127.0.0.1:54321',
    SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.anon',
    SANITY_PROJECT_ID: 'ascent',
    SANITY_DATASET: 'production',
    SANITY_API_VERSION: '2025-02-19',
    SITE_URL: 'https://ascent.example',
    CERTIFICATE_SIGNING_KEY: localDefaults().CERTIFICATE_SIGNING_KEY!,
  };

  it('defaults to 1000 (a read reused for a second), takes 0 (read for every request) and any whole number of milliseconds', () => {
    expect(readStartupSettings(env)).toMatchObject({ ok: true, maintenanceMaxAgeMs: 1000 });
    expect(readStartupSettings({ ...env, MAINTENANCE_MAX_AGE_MS: '0' })).toMatchObject({ maintenanceMaxAgeMs: 0 });
    expect(readStartupSettings({ ...env, MAINTENANCE_MAX_AGE_MS: '250' })).toMatchObject({
      maintenanceMaxAgeMs: 250,
    });
    expect(readStartupSettings({ ...env, MAINTENANCE_MAX_AGE_MS: '1s' })).toEqual({
      ok: false,
      problems: ['MAINTENANCE_MAX_AGE_MS: not a whole number of milliseconds (0-60000): "1s"'],
    });
  });
});
