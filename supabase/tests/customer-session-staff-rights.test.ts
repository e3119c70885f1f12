/**
 * A customer session never has staff rights (issue 28), on a real PostgreSQL with the migrations:
 * a session opened by an e-mailed code (amr `otp`, as local/auth and hosted Auth record it in
 * auth.mfa_amr_claims) gets no staff role even for a staff member's address at aal2, and no user
 * or app metadata in the JWT grants one. The same staff member's password session keeps its roles.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
const staffId = randomUUID();
const customerId = randomUUID();

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  await db.query(`insert into auth.users (id, email) values ($1, 'otp-staff@ascent.example')`, [staffId]);
  await db.query(
    `insert into public.staff (user_id, email, roles) values ($1, 'otp-staff@ascent.example', '{admin}')`,
    [staffId],
  );
  await db.query(
    `insert into auth.users (id, email, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'customer@example.co.ke', '{"role": "admin", "roles": ["admin"]}', '{"staff": true, "role": "admin"}')`,
    [customerId],
  );
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** Opens a session for `userId`, signed in by `method` ('password' leaves no claim, as local/auth). */
async function session(userId: string, method: 'password' | 'otp' | 'magiclink' | 'email/signup') {
  const id = randomUUID();
  await db.query('insert into auth.sessions (id, user_id, aal) values ($1, $2, $3)', [id, userId, 'aal2']);
  const methods = method === 'password' ? ['totp'] : [method, 'totp'];
  for (const name of methods) {
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values (gen_random_uuid(), $1, now(), now(), $2)`,
      [id, name],
    );
  }
  return id;
}

/** What the staff functions answer for these claims, as PostgREST runs a request. */
async function rightsFor(claims: Record<string, unknown>) {
  await db.query('begin');
  try {
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    const { rows } = await db.query<{ roles: string[]; staff: boolean; may: boolean }>(
      `select private.staff_roles() as roles, private.is_staff() as staff,
              private.staff_may('orders', true) as may`,
    );
    return rows[0]!;
  } finally {
    await db.query('rollback');
  }
}

const none = { roles: [], staff: false, may: false };

describe('customer sessions and staff rights', () => {
  it("a staff member's password session at aal2 has the staff roles", async () => {
    const sessionId = await session(staffId, 'password');
    expect(await rightsFor({ sub: staffId, role: 'authenticated', aal: 'aal2', session_id: sessionId })).toEqual({
      roles: ['admin'],
      staff: true,
      may: true,
    });
  });

  for (const method of ['otp', 'magiclink', 'email/signup'] as const) {
    it(`a staff member's session opened by an e-mailed code (${method}) has none, even at aal2`, async () => {
      const sessionId = await session(staffId, method);
      expect(await rightsFor({ sub: staffId, role: 'authenticated', aal: 'aal2', session_id: sessionId })).toEqual(
        none,
      );
    });
  }

  it('no metadata in the JWT makes a customer staff', async () => {
    const sessionId = await session(customerId, 'otp');
    const claims = {
      sub: customerId,
      role: 'authenticated',
      aal: 'aal2',
      session_id: sessionId,
      email: 'customer@example.co.ke',
      app_metadata: { role: 'admin', roles: ['admin'], staff: true },
      user_metadata: { role: 'admin', staff: true },
      user_role: 'admin',
    };
    expect(await rightsFor(claims)).toEqual(none);
    // Nor a password-looking session of theirs: they are not in the staff table.
    const passwordSession = await session(customerId, 'password');
    expect(await rightsFor({ ...claims, session_id: passwordSession })).toEqual(none);
  });
});
