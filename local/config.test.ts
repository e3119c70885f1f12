import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('settings', () => {
  it('runs on the documented local defaults of .env.example', () => {
    const { env, apiUrl } = loadConfig();
    expect(env.LOCAL_API_PORT).toBe(54321);
    expect(apiUrl).toBe('http://127.0.0.1:54321');
    expect(env.AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT).toBe(5);
  });

  it('lets the process environment override a setting', () => {
    expect(loadConfig({ LOCAL_API_PORT: '60000' }).env.LOCAL_API_PORT).toBe(60000);
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
