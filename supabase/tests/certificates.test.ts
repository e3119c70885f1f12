/**
 * Certificates in the database (issue 27, items 4, 5, 7) on a real PostgreSQL: the codes the
 * database draws pass domain/certificate-code.ts's check and the other way round; programmes
 * staff issue (completed seats only: attendance by the program's rule, order paid), re-issue
 * keeping the code, and revoke; public.verify_certificate
 * answers valid / revoked / not_found with the certificate's own facts only, per client address
 * within its limit; nobody else reads a certificate row.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_ALPHABET, generateCertificateCode, parseCertificateCode } from '../../domain/certificate-code.ts';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
const staff: Record<'programmes' | 'finance', { user: string; session: string }> = {
  programmes: { user: randomUUID(), session: randomUUID() },
  finance: { user: randomUUID(), session: randomUUID() },
};

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  for (const [role, { user, session }] of Object.entries(staff)) {
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [user, `${role}@ascent.example`]);
    await db.query(`insert into public.staff (user_id, email, roles) values ($1, $2, array[$3])`, [
      user,
      `${role}@ascent.example`,
      role,
    ]);
    await db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [session, user]);
  }
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.certificates, public.orders, public.training_programs cascade');
  await db.query(`delete from private.client_requests where write = 'certificate_verification'`);
});

type Caller = 'programmes' | 'finance' | 'anon' | 'user';

/** A statement as the caller (claims and role for one transaction), from the client address given. */
async function as<T extends pg.QueryResultRow>(
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  client = '203.0.113.10',
): Promise<pg.QueryResult<T>> {
  await db.query('begin');
  try {
    const claims =
      caller === 'anon'
        ? { role: 'anon' }
        : caller === 'user'
          ? { sub: randomUUID(), role: 'authenticated', aal: 'aal1' }
          : { sub: staff[caller].user, role: 'authenticated', aal: 'aal2', session_id: staff[caller].session };
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': client })]);
    await db.query(`set local role ${caller === 'anon' ? 'anon' : 'authenticated'}`);
    const result = await db.query<T>(sql, params);
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

async function refusal(caller: Caller, sql: string, params: unknown[] = []): Promise<pg.DatabaseError> {
  const error: unknown = await as(caller, sql, params).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof pg.DatabaseError)) throw new Error(`expected a refusal of: ${sql}`);
  return error;
}

let counter = 0;

/** A program with one intake, and an order on it with the participants named, in the status given. */
async function intakeWithOrder(names: string[], status: string, intakeId?: string): Promise<{ intake: string }> {
  counter += 1;
  let intake = intakeId;
  let program: string;
  if (!intake) {
    const programs = await db.query<{ id: string }>(
      `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
       values ('Strategic Leadership', $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD') returning id`,
      [`program-${counter}`],
    );
    program = programs.rows[0]!.id;
    const intakes = await db.query<{ id: string }>(
      `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity)
       values ($1, '2026-10-05', '2026-10-09', 'Nairobi', 25) returning id`,
      [program],
    );
    intake = intakes.rows[0]!.id;
  } else {
    const found = await db.query<{ program_id: string }>(
      'select program_id from public.program_intakes where id = $1',
      [intake],
    );
    program = found.rows[0]!.program_id;
  }
  const serial = String(counter).padStart(6, '0');
  const orders = await db.query<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at, status)
     values ('client', $1, 'buyer@example.com', 'Buyer', $2, 'invoice', $3, 'hash', now(), $4) returning id`,
    [serial.padEnd(43, 'a'), randomUUID(), `ASC-2026-${serial}`, status],
  );
  const items = await db.query<{ id: string }>(
    `insert into public.order_items (order_id, program_id, intake_id, title, unit_price, currency, quantity, position)
     values ($1, $2, $3, 'Strategic Leadership', 1000, 'USD', $4, 1) returning id`,
    [orders.rows[0]!.id, program, intake, names.length],
  );
  for (const [index, name] of names.entries()) {
    await db.query(
      `insert into public.order_participants (order_item_id, position, full_name, email) values ($1, $2, $3, $4)`,
      [items.rows[0]!.id, index + 1, name, `seat${index}@example.com`],
    );
  }
  return { intake };
}

/**
 * Marks each named participant present on `present` of the intake's session days (the weekdays
 * of 5-9 Oct 2026: five) and absent on the rest.
 */
async function attend(intake: string, present: Record<string, number>): Promise<void> {
  const days = await db.query<{ id: string }>(
    'select id from public.intake_session_days where intake_id = $1 order by day',
    [intake],
  );
  expect(days.rowCount).toBe(5);
  for (const [name, count] of Object.entries(present)) {
    const participant = await db.query<{ id: string }>(
      'select id from public.order_participants where full_name = $1',
      [name],
    );
    for (const [index, day] of days.rows.entries()) {
      await db.query(
        'insert into public.attendance_marks (participant_id, session_day_id, status) values ($1, $2, $3)',
        [participant.rows[0]!.id, day.id, index < count ? 'present' : 'absent'],
      );
    }
  }
}

interface Verification {
  status: string;
  holder_name: string | null;
  program_title: string | null;
  starts_on: Date | null;
  ends_on: Date | null;
  hours: number | null;
  issued_at: Date | null;
  revoked_at: Date | null;
}

async function verify(code: string, client = '203.0.113.10'): Promise<Verification> {
  const { rows } = await as<Verification>('anon', 'select * from public.verify_certificate($1)', [code], client);
  return rows[0]!;
}

describe('certificate codes in the database', () => {
  it('agree with domain/certificate-code.ts both ways', async () => {
    const { rows } = await db.query<{ code: string }>(
      'select private.new_certificate_code() as code from generate_series(1, 300)',
    );
    for (const { code } of rows) expect(parseCertificateCode(code)).toEqual({ ok: true, code });
    expect(new Set(rows.map(({ code }) => code)).size).toBe(300);

    const codes = Array.from({ length: 20 }, () => generateCertificateCode());
    const changed = codes.flatMap((code) =>
      [0, 5, 11].map((position) => {
        const symbol = CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[position]!) + 7) % 32]!;
        return code.slice(0, position) + symbol + code.slice(position + 1);
      }),
    );
    const checked = await db.query<{ code: string; valid: boolean }>(
      'select code, private.certificate_code_is_valid(code) as valid from unnest($1::text[]) code',
      [[...codes, ...changed]],
    );
    expect(checked.rows.filter(({ valid }) => valid).map(({ code }) => code)).toEqual(codes);
  });
});

describe('issuing certificates', () => {
  it('issues one per completed seat of the intake (rule met, order paid), and only by programmes staff', async () => {
    const { intake } = await intakeWithOrder(['Achieng Otieno', 'Brian Kamau', 'Chebet Rono'], 'paid');
    await intakeWithOrder(['Unpaid Person'], 'confirmed', intake);
    // 5 of 5 and 4 of 5 meet the default 80 %; 3 of 5 does not; the unpaid seat attended in full.
    await attend(intake, { 'Achieng Otieno': 5, 'Brian Kamau': 4, 'Chebet Rono': 3, 'Unpaid Person': 5 });

    const finance = await refusal('finance', 'select public.issue_intake_certificates($1)', [intake]);
    expect(finance.code).toBe('42501');
    expect(finance.message).toBe('Only the programmes team may issue or revoke certificates.');

    const issued = await as<{ count: number }>(
      'programmes',
      'select public.issue_intake_certificates($1, 40) as count',
      [intake],
    );
    expect(issued.rows[0]!.count).toBe(2);
    const again = await as<{ count: number }>('programmes', 'select public.issue_intake_certificates($1) as count', [
      intake,
    ]);
    expect(again.rows[0]!.count).toBe(0);

    const { rows } = await as<{ holder_name: string; code: string; hours: number; issued_by: string }>(
      'programmes',
      'select holder_name, code, hours, issued_by from public.certificates order by holder_name',
    );
    expect(rows.map(({ holder_name }) => holder_name)).toEqual(['Achieng Otieno', 'Brian Kamau']);

    const below = await db.query<{ id: string }>(
      `select id from public.order_participants where full_name = 'Chebet Rono'`,
    );
    const notCompleted = await refusal('programmes', 'select public.issue_certificate($1)', [below.rows[0]!.id]);
    expect(notCompleted.hint).toBe('not_completed');
    expect(rows.every(({ hours, issued_by }) => hours === 40 && issued_by === staff.programmes.user)).toBe(true);

    const unpaid = await db.query<{ id: string }>(
      `select id from public.order_participants where full_name = 'Unpaid Person'`,
    );
    const refused = await refusal('programmes', 'select public.issue_certificate($1)', [unpaid.rows[0]!.id]);
    expect(refused.hint).toBe('not_completed');
    expect(refused.message).toContain('Unpaid Person has not completed the program');
  });

  it('queues one certificate e-mail per certificate: to the participant, or the buyer when none was given', async () => {
    const { intake } = await intakeWithOrder(['Achieng Otieno', 'Brian Kamau'], 'paid');
    await db.query(`update public.order_participants set email = null where full_name = 'Brian Kamau'`);
    await attend(intake, { 'Achieng Otieno': 5, 'Brian Kamau': 5 });
    await as('programmes', 'select public.issue_intake_certificates($1)', [intake]);
    const brian = await db.query<{ id: string }>(
      `select id from public.certificates where holder_name = 'Brian Kamau'`,
    );
    const id = brian.rows[0]!.id;
    // Issued again, then re-issued: no second mail.
    await as('programmes', 'select public.issue_intake_certificates($1)', [intake]);
    await as('programmes', `select public.reissue_certificate($1, 'Brian Kamau Otieno', 'Second name left out')`, [id]);

    const { rows } = await db.query<{ recipient: string; holder_name: string }>(
      `select m.recipient, c.holder_name from public.mail_outbox m join public.certificates c on c.id = m.certificate_id
        where m.kind = 'certificate_issued' order by c.holder_name`,
    );
    expect(rows).toEqual([
      { recipient: 'seat0@example.com', holder_name: 'Achieng Otieno' },
      { recipient: 'buyer@example.com', holder_name: 'Brian Kamau Otieno' },
    ]);
    await expect(
      db.query(
        `insert into public.mail_outbox (kind, certificate_id, recipient) values ('certificate_issued', $1, 'x@example.com')`,
        [id],
      ),
    ).rejects.toThrow(/mail_outbox_certificate_issued_key/);

    const document = await db.query(`select * from public.certificate_mail_document($1)`, [id]);
    expect(document.rows[0]).toMatchObject({ holder_name: 'Brian Kamau Otieno', to_buyer: true, buyer_name: 'Buyer' });
    const refused = await refusal('programmes', 'select * from public.certificate_mail_document($1)', [id]);
    expect(refused.code).toBe('42501');
  });

  it('re-issues with a corrected name under the same code, keeping the history', async () => {
    const { intake } = await intakeWithOrder(['Achieng Otieno'], 'paid');
    await attend(intake, { 'Achieng Otieno': 5 });
    await as('programmes', 'select public.issue_intake_certificates($1)', [intake]);
    const before = await db.query<{ id: string; code: string }>('select id, code from public.certificates');
    const { id, code } = before.rows[0]!;

    await as('programmes', 'select public.reissue_certificate($1, $2, $3)', [
      id,
      'Achieng A. Otieno',
      'Middle initial missing',
    ]);
    const after = await verify(code);
    expect(after).toMatchObject({ status: 'valid', holder_name: 'Achieng A. Otieno' });
    const history = await as<{ holder_name: string; reason: string | null }>(
      'programmes',
      'select holder_name, reason from public.certificate_issues where certificate_id = $1 order by issued_at, reason nulls first',
      [id],
    );
    expect(history.rows).toEqual([
      { holder_name: 'Achieng Otieno', reason: null },
      { holder_name: 'Achieng A. Otieno', reason: 'Middle initial missing' },
    ]);
    const noReason = await refusal('programmes', 'select public.reissue_certificate($1, $2, $3)', [id, 'X', ' ']);
    expect(noReason.message).toBe('Please say why the certificate is re-issued.');
  });
});

describe('verify_certificate', () => {
  it('says valid with the certificate facts only, revoked with when, and not_found for an unknown code', async () => {
    const { intake } = await intakeWithOrder(['Achieng Otieno'], 'paid');
    await attend(intake, { 'Achieng Otieno': 5 });
    await as('programmes', 'select public.issue_intake_certificates($1, 40)', [intake]);
    const { rows } = await db.query<{ id: string; code: string }>('select id, code from public.certificates');
    const { id, code } = rows[0]!;

    const valid = await verify(code);
    expect(Object.keys(valid).sort()).toEqual(
      ['ends_on', 'holder_name', 'hours', 'issued_at', 'program_title', 'revoked_at', 'starts_on', 'status'].sort(),
    );
    expect(valid).toMatchObject({
      status: 'valid',
      holder_name: 'Achieng Otieno',
      program_title: 'Strategic Leadership',
      hours: 40,
      revoked_at: null,
    });

    await as('programmes', 'select public.revoke_certificate($1, $2)', [id, 'Issued in error']);
    const revoked = await verify(code);
    expect(revoked.status).toBe('revoked');
    expect(revoked.revoked_at).toBeInstanceOf(Date);

    let unknown = generateCertificateCode();
    while (unknown === code) unknown = generateCertificateCode();
    expect(await verify(unknown)).toEqual({
      status: 'not_found',
      holder_name: null,
      program_title: null,
      starts_on: null,
      ends_on: null,
      hours: null,
      issued_at: null,
      revoked_at: null,
    });
  });

  it('refuses a code whose check symbol fails, in words, before any lookup', async () => {
    const code = generateCertificateCode();
    const typo = code.slice(0, 3) + code[4] + code[3] + code.slice(5);
    const refused = await refusal('anon', 'select * from public.verify_certificate($1)', [
      code[3] === code[4] ? '0' : typo,
    ]);
    expect(refused.hint).toBe('invalid_code');
    expect(refused.message).toContain('typing error');
  });

  it('answers a client address at most its limit per window, other addresses still', async () => {
    await db.query(
      `update private.client_limits set max_without_proof = 3, max_per_client = 3 where write = 'certificate_verification'`,
    );
    try {
      const code = generateCertificateCode();
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await verify(code, '198.51.100.1')).status).toBe('not_found');
      const limited: unknown = await verify(code, '198.51.100.1').catch((error: unknown) => error);
      expect(limited).toBeInstanceOf(pg.DatabaseError);
      expect((limited as pg.DatabaseError).code).toBe('PT429');
      expect((limited as pg.DatabaseError).message).toContain('Too many certificate checks');
      expect((await verify(code, '198.51.100.2')).status).toBe('not_found');
    } finally {
      await db.query(
        `update private.client_limits set max_without_proof = 60, max_per_client = 60 where write = 'certificate_verification'`,
      );
    }
  });
});

describe('who reads certificate rows', () => {
  it('nobody but staff with the role: anon is denied, a signed-in non-staff user and finance see none', async () => {
    const { intake } = await intakeWithOrder(['Achieng Otieno'], 'paid');
    await attend(intake, { 'Achieng Otieno': 5 });
    await as('programmes', 'select public.issue_intake_certificates($1)', [intake]);
    for (const table of ['public.certificates', 'public.certificate_issues']) {
      expect((await refusal('anon', `select * from ${table}`)).code).toBe('42501');
      expect((await as('user', `select * from ${table}`)).rowCount).toBe(0);
      expect((await as('finance', `select * from ${table}`)).rowCount).toBe(0);
      expect((await as('programmes', `select * from ${table}`)).rowCount).toBe(1);
      expect((await refusal('programmes', `delete from ${table}`)).code).toBe('42501');
    }
    expect((await refusal('anon', 'select public.issue_intake_certificates($1)', [intake])).code).toBe('42501');
    expect((await refusal('user', 'select public.issue_intake_certificates($1)', [intake])).code).toBe('42501');
  });
});
