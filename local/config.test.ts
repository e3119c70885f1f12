import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('settings', () => {
  it('runs on the documented local defaults of .env.example', () => {
    const { env, apiUrl } = loadConfig();
    expect(env.LOCAL_API_PORT).toBe(54321);
    expect(apiUrl).toBe('http://127.0.0.1:54321');
    expect(env.AUTH_ENABLE_SIGNUP).toBe(false);
  });

  it('lets the process environment override a setting', () => {
    expect(loadConfig({ LOCAL_API_PORT: '60000' }).env.LOCAL_API_PORT).toBe(60000);
  });

  it('lists every malformed setting at once, by name', () => {
    let message = '';
    try {
      loadConfig({ LOCAL_API_PORT: 'eighty', AUTH_ENABLE_SIGNUP: 'yes', SUPABASE_JWT_SECRET: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/LOCAL_API_PORT/);
    expect(message).toMatch(/AUTH_ENABLE_SIGNUP/);
    expect(message).toMatch(/SUPABASE_JWT_SECRET/);
  });
});
