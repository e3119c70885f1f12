import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { authSettings } from './supabase-config/settings.ts';

describe('settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('runs on the documented local defaults of .env.example', () => {
    const { env, apiUrl } = loadConfig();
    expect(env.LOCAL_API_PORT).toBe(54321);
    expect(apiUrl).toBe('http://127.0.0.1:54321');
    expect(env.AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT).toBe(5);
  });

  it('lets the process environment override a setting', () => {
    expect(loadConfig({ LOCAL_API_PORT: '60000' }).env.LOCAL_API_PORT).toBe(60000);
  });

  it('points mail and links of a second copy on other ports at that copy (SMTP_PORT, SITE_URL follow the ports)', () => {
    // The test run's own stack sets both in this process; a developer's second copy has neither.
    vi.stubEnv('SMTP_PORT', undefined);
    vi.stubEnv('SITE_URL', undefined);
    const second = loadConfig({ LOCAL_SMTP_PORT: '55025', WEB_PORT: '3100' });
    expect(second.env.SMTP_PORT).toBe(55025);
    expect(second.env.SITE_URL).toBe('http://127.0.0.1:3100');
    // The auth server's site_url (supabase/config.toml: env(SITE_URL)) follows too.
    expect(authSettings(second.supabase).siteUrl).toBe('http://127.0.0.1:3100');
  });

  it('keeps an explicit SMTP_PORT or SITE_URL over the derived one', () => {
    const { env } = loadConfig({
      WEB_PORT: '3100',
      SITE_URL: 'https://ascent.example',
      LOCAL_SMTP_PORT: '55025',
      SMTP_PORT: '587',
    });
    expect({ site: env.SITE_URL, smtp: env.SMTP_PORT }).toEqual({ site: 'https://ascent.example', smtp: 587 });
  });

  it('lists every malformed setting at once, by name', () => {
    let message = '';
    try {
      loadConfig({
        LOCAL_API_PORT: 'eighty',
        AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT: 'many',
        SUPABASE_JWT_SECRET: 'short',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/LOCAL_API_PORT/);
    expect(message).toMatch(/AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT/);
    expect(message).toMatch(/SUPABASE_JWT_SECRET/);
  });
});
