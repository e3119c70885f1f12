import { spawn } from 'node:child_process';
import { localDefaults } from '../../local/env.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertPortFree, freePort } from '../../local/http/ports.ts';

/** Runs the production server entry with exactly `env` (plus PATH) and waits for it to exit. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'index.ts')], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit: it should refuse to start\n${stdout}${stderr}`));
    }, 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const validEnv = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.anon',
  SANITY_PROJECT_ID: 'ascent',
  SANITY_DATASET: 'production',
  SANITY_API_VERSION: '2025-02-19',
  SITE_URL: 'https://ascent.example',
  CERTIFICATE_SIGNING_KEY: localDefaults().CERTIFICATE_SIGNING_KEY!,
};

describe('the website server at start-up', () => {
  it('refuses to start with a missing or invalid setting, naming each one, before it listens', async () => {
    const port = await freePort();
    const { SUPABASE_URL: _missing, ...rest } = validEnv;
    const result = await runServer({
      ...rest,
      SITE_URL: 'ascent.example',
      CERTIFICATE_SIGNING_KEY: '{"kty":"OKP","crv":"Ed25519"}',
      PORT: String(port),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The website cannot start: its settings are invalid or missing');
    expect(result.stderr).toContain('SUPABASE_URL: missing');
    expect(result.stderr).toContain('SITE_URL: Invalid URL');
    expect(result.stderr).toContain('CERTIFICATE_SIGNING_KEY: a private Ed25519 JWK with kid, as JSON');
    expect(result.stderr).not.toContain('SANITY_PROJECT_ID');
    expect(result.stdout).not.toContain('listening');
    await assertPortFree(port, 'website');
  });

  it('names a PORT that is not a port number', async () => {
    const result = await runServer({ ...validEnv, PORT: '3000abc' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT: not a port number (0-65535): "3000abc"');
  });
});
