import { describe, expect, it } from 'vitest';
import { outboundHosts, permissionFlags } from './deno-permissions.ts';

describe('edge function permissions', () => {
  it('lets a function reach the hosts its settings name, with their ports', () => {
    expect(
      outboundHosts({
        SUPABASE_URL: 'http://127.0.0.1:54321',
        SANITY_API_HOST: 'http://127.0.0.1:54330',
        MPESA_API_URL: 'https://sandbox.safaricom.co.ke',
        ETIMS_API_URL: 'https://etims-api-sbx.kra.go.ke/etims-api',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '54325',
        SITE_URL: 'http://127.0.0.1:5173',
      }),
    ).toEqual([
      '127.0.0.1:54321',
      '127.0.0.1:54325',
      '127.0.0.1:54330',
      'etims-api-sbx.kra.go.ke:443',
      'sandbox.safaricom.co.ke:443',
    ]);
  });

  it('grants its own settings, its socket and nothing broader', () => {
    const flags = permissionFlags({ SITE_URL: 'http://x.test', SUPABASE_URL: 'http://127.0.0.1:1' }, '/s/f.sock');
    expect(flags).toEqual([
      '--no-prompt',
      '--allow-env=SITE_URL,SUPABASE_URL',
      '--allow-net=unix:/s/f.sock,127.0.0.1:1',
      '--allow-read=/s/f.sock',
      '--allow-write=/s/f.sock',
    ]);
    expect(flags.some((flag) => /^--allow-(all|run|ffi|sys|import)|^-A$/.test(flag))).toBe(false);
  });
});
