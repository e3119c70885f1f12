/**
 * The API roles' statement timeouts, as hosted Supabase sets them (local/postgres/bootstrap.sql):
 * an anonymous filter built to run for minutes (a regular expression with backreferences) is
 * cancelled after 3 s with PostgREST's error, and ten of them at once cannot hold the pool: reads
 * and a newsletter sign-up still answer.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';

const stack = stackInfo();
const headers = { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` };

// Four captured groups matched back in reverse: PostgreSQL's regex engine backtracks through every
// split of each description (measured: over 20 s on the seed's events as `postgres`).
const slowPattern = String.raw`(.*)(.*)(.*)(.*)\4\3\2\1z`;
const slowRead = `${stack.apiUrl}/rest/v1/public_events?select=id&description=match.${encodeURIComponent(slowPattern)}`;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function slowRequest(): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const response = await fetch(slowRead, { headers });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

describe('statement timeouts of the API roles', () => {
  it('are the hosted platform’s: anon 3 s, authenticated 8 s, the authenticator 8 s (and its lock wait 8 s)', async () => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ rolname: string; rolconfig: string[] | null }>(
        `select rolname, rolconfig from pg_roles
          where rolname in ('anon', 'authenticated', 'authenticator', 'service_role') order by rolname`,
      );
      const settings = Object.fromEntries(rows.map((r) => [r.rolname, (r.rolconfig ?? []).sort()]));
      expect(settings).toEqual({
        anon: ['statement_timeout=3s'],
        authenticated: ['statement_timeout=8s'],
        authenticator: ['lock_timeout=8s', 'statement_timeout=8s'],
        service_role: [],
      });
    } finally {
      await db.end();
    }
  });

  it('cancel an anonymous filter built to run for minutes after 3 s, with PostgREST’s error', async () => {
    const { value, ms } = await timed(slowRequest);
    expect(value.status).toBe(500);
    expect(value.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(ms).toBeGreaterThanOrEqual(2_900);
    expect(ms).toBeLessThan(8_000);
  });

  it('keep reads and a newsletter sign-up answering while ten such filters run at once', async () => {
    const flood = timed(() => Promise.all(Array.from({ length: 10 }, slowRequest)));
    // Sent while the ten hold every connection of PostgREST's pool (10).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const read = timed(async () => {
      const response = await fetch(`${stack.apiUrl}/rest/v1/public_services?select=slug&limit=3`, { headers });
      return { status: response.status, body: (await response.json()) as unknown[] };
    });
    const visitor = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
    const signUp = timed(() =>
      visitor.client.functions.invoke('send-newsletter-subscription-email', {
        body: { email: `flood-${randomUUID()}@example.com` },
      }),
    );
    try {
      const [slow, readResult, signUpResult] = await Promise.all([flood, read, signUp]);
      expect(slow.value.map((r) => r.body.code)).toEqual(Array(10).fill('57014'));
      expect(slow.ms).toBeLessThan(15_000);
      expect(readResult.value.status).toBe(200);
      expect(readResult.value.body).toHaveLength(3);
      expect(readResult.ms).toBeLessThan(10_000);
      expect(signUpResult.value.error).toBeNull();
      expect(signUpResult.value.data).toEqual({ success: true, message: 'Successfully subscribed to our newsletter!' });
      expect(signUpResult.ms).toBeLessThan(10_000);
    } finally {
      await visitor.close();
    }
    // And once they are gone, a read is quick again.
    const after = await timed(() => fetch(`${stack.apiUrl}/rest/v1/public_services?select=slug&limit=1`, { headers }));
    expect(after.value.status).toBe(200);
    expect(after.ms).toBeLessThan(1_000);
  });
});
