/**
 * The runner against a fixture functions folder, each function in Deno: routing, verify_jwt,
 * config.toml, errors, env.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createFunctionsHandler } from './index.ts';

/** The `deno` devDependency: the version the functions run in. */
const pinnedDeno = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.deno;
const jwtSecret = 'fixture-secret-with-at-least-32-characters!';
const functionsDir = join(import.meta.dirname, 'fixtures', 'supabase', 'functions');
/** What the functions and the runner logged (their stderr, start failures). */
let logged: string[] = [];
const runner = createFunctionsHandler({
  functionsDir,
  jwtSecret,
  env: { SITE_URL: 'http://fixture.test' },
  log: (line) => logged.push(line),
});
const handle = runner.handle;

function sign(secret = jwtSecret, expiresIn: string | number = '1h'): Promise<string> {
  return new SignJWT({ role: 'anon' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

function call(path: string, init: RequestInit = {}): Promise<Response> {
  return handle(new Request(`http://127.0.0.1${path}`, init));
}

async function authorized(path: string, init: RequestInit = {}): Promise<Response> {
  return call(path, { ...init, headers: { authorization: `Bearer ${await sign()}`, ...init.headers } });
}

beforeEach(() => {
  logged = [];
});
afterAll(() => runner.stop());

describe('functions runner', () => {
  it('runs the named handler with the request, its body and the settings it was given', async () => {
    const response = await authorized('/echo/sub/path?x=1', { method: 'POST', body: '{"email":"a@b.co"}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      method: 'POST',
      path: '/echo/sub/path',
      body: '{"email":"a@b.co"}',
      siteUrl: 'http://fixture.test',
    });
  });

  it('runs the function in the Deno the project pins, with its own settings and nothing else', async () => {
    const response = await authorized('/runtime');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      deno: pinnedDeno,
      ownSetting: 'http://fixture.test',
      readFile: 'NotCapable',
      otherVariable: 'NotCapable',
      otherHost: 'NotCapable',
    });
  });

  it('imports a handler once and reuses it', async () => {
    const first = (await (await authorized('/echo')).json()) as { calls: number };
    const second = (await (await authorized('/echo')).json()) as { calls: number };
    expect(second.calls).toBe(first.calls + 1);
  });

  it('answers an unknown, disabled or shared-code name the way the platform does', async () => {
    for (const path of ['/nope', '/disabled', '/_shared', '/..', '/%2e%2e', '/']) {
      const response = await authorized(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
      expect(response.headers.get('sb-error-code')).toBe('NOT_FOUND');
    }
  });

  it('refuses a call without a token when verify_jwt is on (the default)', async () => {
    const response = await call('/echo', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'UNAUTHORIZED_NO_AUTH_HEADER',
      message: 'Missing authorization header',
    });
  });

  it('refuses a token that is not a JWT', async () => {
    for (const authorization of ['Bearer not-a-jwt', 'Basic abc', `Token ${await sign()}`]) {
      const response = await call('/echo', { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect(await response.json()).toEqual({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' });
    }
  });

  it('refuses a JWT signed with another secret, an expired one and an unsigned one', async () => {
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`;
    const tokens = [
      await sign('another-secret-with-at-least-32-characters!!'),
      await sign(jwtSecret, Math.floor(Date.now() / 1000) - 60),
      unsigned,
    ];
    for (const token of tokens) {
      const response = await call('/echo', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
  });

  it('lets a CORS preflight through without a token', async () => {
    const response = await call('/echo', { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'OPTIONS' });
  });

  it('serves a function with verify_jwt = false in config.toml without a token', async () => {
    const response = await call('/public-echo', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ public: true, authorization: null });
  });

  it('turns a thrown error into a logged 500 with a JSON error', async () => {
    const response = await authorized('/throws', { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    // Deno writes the error to its stderr as the request ends: poll the log for it.
    await expect.poll(() => logged.join('\n')).toMatch(/\[functions:throws\] threw: Error: fixture failure/);
  });

  it('turns a module that fails to load into a logged 503 and retries it on the next call', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await authorized('/boot-failure');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'BOOT_ERROR',
        message: 'Worker failed to boot (please check logs)',
      });
    }
    const failures = logged.filter((line) => line.startsWith('[functions] boot-failure did not start'));
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('fixture boot failure');
  });

  it('warms every enabled function in the background, before any call', async () => {
    const lines: string[] = [];
    const warmed = createFunctionsHandler({ functionsDir, jwtSecret, env: {}, log: (line) => lines.push(line) });
    try {
      warmed.warm();
      // No request was made: the failing fixture's start, logged, shows the warm-up started it.
      await expect.poll(() => lines.join('\n'), { timeout: 20_000 }).toMatch(/boot-failure did not start/);
      expect(lines.join('\n')).not.toMatch(/disabled/);
    } finally {
      await warmed.stop();
    }
  });
});
