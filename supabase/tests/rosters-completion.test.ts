/**
 * Rosters, attendance and completion on a real PostgreSQL (issue 27): an intake's session days
 * follow its dates (weekdays by default), a mark is stamped with who and when and only accepted
 * for a participant on the day's roster, and private.participant_has_completed() holds when the
 * program's rule (80 % by default) holds and the order is paid, or when an override says so.
 * Who may do what through the API is in tests/integration/rls-matrix.test.ts.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';
import { DEFAULT_MIN_ATTENDANCE_SHARE } from '../../domain/limits.ts';

let database: MigratedDatabase;
let db: pg.Client;
let counter = 0;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.orders, public.training_programs cascade');
});

async function program(): Promise<string> {
  const slug = `roster-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD') returning id`,
    [slug],
  );
  return rows[0]!.id;
}

/** An intake from `starts` to `ends` (ISO dates). */
async function intake(programId: string, starts: string, ends: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity)
     values ($1, $2, $3, 'Nairobi', 20) returning id`,
    [programId, starts, ends],
  );
  return rows[0]!.id;
}

async function days(intakeId: string): Promise<{ id: string; day: string }[]> {
  const { rows } = await db.query<{ id: string; day: string }>(
    `select id, to_char(day, 'YYYY-MM-DD') as day from public.intake_session_days where intake_id = $1 order by day`,
    [intakeId],
  );
  return rows;
}

/** An order on the intake with one participant per name; returns the order and participant ids. */
async function order(
  programId: string,
  intakeId: string,
  names: string[],
  status = 'pending',
): Promise<{ orderId: string; participants: string[] }> {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at, status)
     values ('client', $1, 'buyer@example.com', 'Buyer', $2, 'invoice', $3, 'hash', now(), $4) returning id`,
    [serial.padEnd(43, 'a'), randomUUID(), `ASC-2026-${serial}`, status],
  );
  const orderId = rows[0]!.id;
  const line = await db.query<{ id: string }>(
    `insert into public.order_items (order_id, program_id, intake_id, title, unit_price, currency, quantity, position)
     values ($1, $2, $3, 'Program', 1000, 'USD', $4, 1) returning id`,
    [orderId, programId, intakeId, names.length],
  );
  const participants: string[] = [];
  for (const [index, name] of names.entries()) {
    const { rows: added } = await db.query<{ id: string }>(
      `insert into public.order_participants (order_item_id, position, full_name) values ($1, $2, $3) returning id`,
      [line.rows[0]!.id, index + 1, name],
    );
    participants.push(added[0]!.id);
  }
  return { orderId, participants };
}

async function mark(participantId: string, dayId: string, status: string): Promise<void> {
  await db.query(
    `insert into public.attendance_marks (participant_id, session_day_id, status) values ($1, $2, $3)
     on conflict (participant_id, session_day_id) do update set status = excluded.status`,
    [participantId, dayId, status],
  );
}

async function completed(participantId: string): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>(`select private.participant_has_completed($1) as done`, [
    participantId,
  ]);
  return rows[0]!.done;
}

async function refusal(sql: string, params: unknown[]): Promise<pg.DatabaseError> {
  const error: unknown = await db.query(sql, params).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof pg.DatabaseError)) throw new Error(`expected a refusal of: ${sql}`);
  return error;
}

// Monday 2 to Sunday 8 November 2026: five weekdays.
const monday = '2026-11-02';
const sunday = '2026-11-08';

describe('session days', () => {
  it('are the weekdays of a new intake, every day of a weekend course', async () => {
    const programId = await program();
    const week = await intake(programId, monday, sunday);
    expect((await days(week)).map((d) => d.day)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
    ]);
    const weekend = await intake(programId, '2026-11-14', '2026-11-15');
    expect((await days(weekend)).map((d) => d.day)).toEqual(['2026-11-14', '2026-11-15']);
  });

  it('follow moved dates, but a marked day outside the new dates is refused in words', async () => {
    const programId = await program();
    const intakeId = await intake(programId, monday, sunday);
    await db.query(`update public.program_intakes set starts_on = '2026-11-09', ends_on = '2026-11-10' where id = $1`, [
      intakeId,
    ]);
    expect((await days(intakeId)).map((d) => d.day)).toEqual(['2026-11-09', '2026-11-10']);
    const { participants } = await order(programId, intakeId, ['Amina Otieno']);
    await mark(participants[0]!, (await days(intakeId))[0]!.id, 'present');
    const error = await refusal(`update public.program_intakes set starts_on = '2026-11-10' where id = $1`, [intakeId]);
    expect(error.message).toMatch(/^Attendance is marked on a day outside the new dates/);
    const outside = await refusal(`insert into public.intake_session_days (intake_id, day) values ($1, '2026-12-25')`, [
      intakeId,
    ]);
    expect(outside.message).toBe("A session day must fall within the intake's dates (9 Nov 2026 to 10 Nov 2026).");
  });
});

describe('attendance marks', () => {
  it('are stamped with the staff member and refused for someone not on the day’s roster', async () => {
    const programId = await program();
    const intakeId = await intake(programId, monday, sunday);
    const other = await intake(programId, '2026-11-16', '2026-11-20');
    const { participants } = await order(programId, intakeId, ['Amina Otieno']);
    const staffId = randomUUID();
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: staffId, role: 'authenticated', email: 'desk@ascent.example' }),
      ]);
      await db.query(
        `insert into public.attendance_marks (participant_id, session_day_id, status, marked_by, marked_at)
         values ($1, $2, 'present', gen_random_uuid(), '2000-01-01')`,
        [participants[0], (await days(intakeId))[0]!.id],
      );
      const { rows } = await db.query<{ marked_by: string; marked_by_email: string; recent: boolean }>(
        `select marked_by, marked_by_email, marked_at > now() - interval '1 minute' as recent from public.attendance_marks`,
      );
      expect(rows).toEqual([{ marked_by: staffId, marked_by_email: 'desk@ascent.example', recent: true }]);
    } finally {
      await db.query('rollback');
    }
    const error = await refusal(
      `insert into public.attendance_marks (participant_id, session_day_id, status) values ($1, $2, 'present')`,
      [participants[0], (await days(other))[0]!.id],
    );
    expect(error.hint).toBe('not_on_roster');
  });
});

describe('participant_has_completed', () => {
  it('uses the default rule the admin shows', async () => {
    const { rows } = await db.query<{ share: string }>(`select private.default_min_attendance_share() as share`);
    expect(Number(rows[0]!.share)).toBe(DEFAULT_MIN_ATTENDANCE_SHARE);
  });

  it('holds at the rule (80 % by default) once the order is paid; not below it, not unpaid', async () => {
    const programId = await program();
    const intakeId = await intake(programId, monday, sunday);
    const { orderId, participants } = await order(programId, intakeId, ['Four Days', 'Three Days']);
    const [four, three] = participants as [string, string];
    for (const [index, day] of (await days(intakeId)).entries()) {
      await mark(four, day.id, index < 4 ? 'present' : 'absent');
      await mark(three, day.id, index < 3 ? 'present' : 'excused');
    }
    expect(await completed(four)).toBe(false);
    await db.query(
      `update public.orders set payment_reference = 'BANK-1', payment_reference_method = 'bank', payment_recorded_at = now()
        where id = $1`,
      [orderId],
    );
    await db.query(`update public.orders set status = 'confirmed' where id = $1`, [orderId]);
    await db.query(`update public.orders set status = 'paid' where id = $1`, [orderId]);
    expect(await completed(four)).toBe(true);
    expect(await completed(three)).toBe(false);
    // The program's own rule: 60 %.
    await db.query(`insert into public.program_completion_rules (program_id, min_attendance_share) values ($1, 0.6)`, [
      programId,
    ]);
    expect(await completed(three)).toBe(true);
    expect(await completed(randomUUID())).toBe(false);
  });

  it('follows an override either way, with a reason, but never for a cancelled order', async () => {
    const programId = await program();
    const intakeId = await intake(programId, monday, sunday);
    const paid = await order(programId, intakeId, ['Never Came'], 'paid');
    const cancelled = await order(programId, intakeId, ['Cancelled'], 'cancelled');
    const blank = await refusal(
      `insert into public.completion_overrides (participant_id, completed, reason) values ($1, true, '  ')`,
      [paid.participants[0]],
    );
    expect(blank.constraint).toBe('completion_overrides_reason_length');
    await db.query(
      `insert into public.completion_overrides (participant_id, completed, reason) values ($1, true, 'Made up the sessions online')`,
      [paid.participants[0]],
    );
    expect(await completed(paid.participants[0]!)).toBe(true);
    await db.query(`update public.completion_overrides set completed = false, reason = 'Assessment failed'`);
    expect(await completed(paid.participants[0]!)).toBe(false);
    await db.query(
      `insert into public.completion_overrides (participant_id, completed, reason) values ($1, true, 'Should not count')`,
      [cancelled.participants[0]],
    );
    expect(await completed(cancelled.participants[0]!)).toBe(false);
  });
});
