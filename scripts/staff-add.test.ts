/** staff:add: argument checks, and the flow against the real auth handler with a stand-in for /rest/v1/staff. */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../supabase/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../local/http/ports.ts';
import { createAuthServer, type AuthServer } from '../local/auth/index.ts';
import {
  serveAuth,
  serviceRoleKey,
  signIn,
  startTestDatabase,
  testOptions,
  uniqueEmail,
  type TestDatabase,
} from '../local/auth/test-support.ts';
import { addStaff, parseStaffArgs, UsageError } from './staff-add.ts';

describe('parseStaffArgs', () => {
  it('accepts an e-mail and a password (with or without a leading --), lower-casing the e-mail', () => {
    expect(parseStaffArgs(['Ada@Example.test', 'Passw0rd!'], 8)).toEqual({
      email: 'ada@example.test',
      password: 'Passw0rd!',
    });
    expect(parseStaffArgs(['--', 'ada@example.test', 'Passw0rd!'], 8).email).toBe('ada@example.test');
  });

  it('explains what is wrong', () => {
    expect(() => parseStaffArgs([], 8)).toThrow(/got 0 argument\(s\)[\s\S]*Usage: npm run staff:add/);
    expect(() => parseStaffArgs(['a@example.test', 'Passw0rd!', 'extra'], 8)).toThrow(UsageError);
    expect(() => parseStaffArgs(['not-an-email', 'Passw0rd!'], 8)).toThrow(/"not-an-email" is not an e-mail address/);
    expect(() => parseStaffArgs(['a@example.test', 'Pa55'], 8)).toThrow(/at least 8 characters/);
    expect(() => parseStaffArgs(['a@example.test', 'onlyletters'], 8)).toThrow(/letters and digits/);
  });
});

describe('addStaff', () => {
  let db: TestDatabase;
  let auth: AuthServer;
  let api: Awaited<ReturnType<typeof serveAuth>>;
  const upserts: { url: string; prefer: string; body: unknown }[] = [];
  let staffTableMissing = false;

  beforeAll(async () => {
    db = await startTestDatabase();
    auth = createAuthServer(testOptions(db.authUrl));
    // PostgREST is not part of this test: record what supabase-js sends to /rest/v1/staff.
    api = await serveAuth(auth, (req, body, res) => {
      if (!req.url?.startsWith('/rest/v1/')) return false;
      if (staffTableMissing) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ code: 'PGRST205', message: "Could not find the table 'public.staff' in the schema cache" }),
        );
        return true;
      }
      upserts.push({ url: req.url, prefer: String(req.headers.prefer), body: JSON.parse(body.toString()) });
      res.writeHead(201).end();
      return true;
    });
  });

  afterAll(async () => {
    await api?.close();
    await auth?.close();
    await db?.stop();
  });

  const client = (url = api.url) =>
    createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });

  it('creates a confirmed user and upserts it into public.staff; a second run resets the password', async () => {
    const email = uniqueEmail('staff');
    const first = await addStaff(client(), { email, password: 'Passw0rd!' }, api.url);
    expect(first.created).toBe(true);
    expect((await signIn(auth, email, 'Passw0rd!')).status).toBe(200);
    expect(upserts.at(-1)).toEqual({
      url: '/rest/v1/staff?on_conflict=user_id',
      prefer: expect.stringContaining('resolution=merge-duplicates'),
      body: { user_id: first.userId, email },
    });

    const second = await addStaff(client(), { email, password: 'Changed1pass' }, api.url);
    expect(second).toEqual({ userId: first.userId, created: false });
    expect((await signIn(auth, email, 'Passw0rd!')).status).toBe(400);
    expect((await signIn(auth, email, 'Changed1pass')).status).toBe(200);
    const count = await db.sql.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(count.rows[0].n).toBe(1);
  });

  it('says so when the API cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(
      addStaff(client(closed), { email: uniqueEmail('down'), password: 'Passw0rd!' }, closed),
    ).rejects.toThrow(`Cannot reach the Supabase API at ${closed}`);
  });

  it('reports a missing staff table with PostgREST’s message', async () => {
    staffTableMissing = true;
    try {
      await expect(
        addStaff(client(), { email: uniqueEmail('notable'), password: 'Passw0rd!' }, api.url),
      ).rejects.toThrow(/could not be recorded in public.staff: Could not find the table 'public.staff'.*\(PGRST205\)/);
    } finally {
      staffTableMissing = false;
    }
  });
});
