/**
 * Seats held in an intake for a voucher's holders (issue 30; migration 20261129360100) on a real
 * PostgreSQL: with an intake of N seats and a voucher holding k, checkouts without the code buy at
 * most N - k and visitors see N - k left; the code's orders take the held seats (and use the hold
 * up); racing checkouts with and without the code never oversell; a hold past its held_until (the
 * database clock moved) or paused frees its seats; quotes cannot take held seats; a hold the intake
 * has no room for, or outside the voucher's scope, is refused.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
let client = 0;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.orders, public.vouchers, public.quotes, public.training_programs cascade');
});

/** A published USD program with an intake of `capacity` seats starting in 30 days. */
async function intakeOf(capacity: number): Promise<{ programId: string; intakeId: string }> {
  const slug = `held-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD', true) returning id`,
    [slug],
  );
  const intake = await db.query<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity, is_published)
     values ($1, private.nairobi_today() + 30, private.nairobi_today() + 32, 'Nairobi', $2, true) returning id`,
    [rows[0]!.id, capacity],
  );
  return { programId: rows[0]!.id, intakeId: intake.rows[0]!.id };
}

/** A 10 % voucher on the program holding `seats` seats of the intake. */
async function holdingVoucher(
  line: { programId: string; intakeId: string },
  seats: number,
  fields: { held_until?: string; max_uses?: number } = {},
): Promise<string> {
  const code = `HOLD-${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.query(
    `insert into public.vouchers (code, kind, percent_off, scope, program_ids, held_intake_id, held_seats, held_until, max_uses)
     values ($1, 'percent_off', 10, 'programs', array[$2::uuid], $3, $4, $5, $6)`,
    [code, line.programId, line.intakeId, seats, fields.held_until ?? null, fields.max_uses ?? null],
  );
  return code;
}

/** create_order for `quantity` seats of the intake, from a network address of its own; the reference or the refusal's hint. */
async function checkout(
  on: pg.Client,
  line: { programId: string; intakeId: string | null },
  quantity: number,
  code: string | null = null,
): Promise<{ reference?: string; refused?: string; message?: string }> {
  client += 1;
  const items = [
    {
      program_id: line.programId,
      intake_id: line.intakeId,
      quantity,
      participants: Array.from({ length: quantity }, (_, i) => ({ name: `Participant ${i + 1}` })),
    },
  ];
  try {
    await on.query('begin');
    await on.query(`select set_config('request.headers', $1, true)`, [
      JSON.stringify({ 'cf-connecting-ip': `198.51.${Math.floor(client / 250)}.${client % 250}` }),
    ]);
    const { rows } = await on.query<{ reference: string }>(
      `select * from public.create_order(
         idempotency_key => $1, buyer_name => 'Achieng Otieno', buyer_email => 'achieng@example.co.ke',
         buyer_phone => '0712345678', payment_method => 'invoice', accepted_terms => true, items => $2::jsonb,
         voucher_code => $3)`,
      [randomUUID(), JSON.stringify(items), code],
    );
    await on.query('commit');
    return { reference: rows[0]!.reference };
  } catch (error) {
    await on.query('rollback');
    if (!(error instanceof pg.DatabaseError)) throw error;
    return { refused: error.hint, message: error.message };
  }
}

async function seatsBooked(intakeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select coalesce(sum(i.quantity), 0)::integer as n from public.order_items i
       join public.orders o on o.id = i.order_id and private.order_holds_seats(o.status) where i.intake_id = $1`,
    [intakeId],
  );
  return rows[0]!.n;
}

/** What a visitor reads: the intake's seats left (public_program_intakes, as anon). */
async function seatsLeftForVisitors(intakeId: string): Promise<number> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
    await db.query('set local role anon');
    const { rows } = await db.query<{ seats_left: number }>(
      'select seats_left from public.public_program_intakes where id = $1',
      [intakeId],
    );
    return rows[0]!.seats_left;
  } finally {
    await db.query('rollback');
  }
}

describe('seats a voucher holds', () => {
  it('checkouts without the code buy at most N - k; the code takes the held seats', async () => {
    const line = await intakeOf(5);
    const code = await holdingVoucher(line, 2);
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(3);

    expect(await checkout(db, line, 2)).toHaveProperty('reference');
    expect(await checkout(db, line, 2)).toEqual({
      refused: 'intake_full',
      message: 'Only 1 seat is left on this intake.',
    });
    expect(await checkout(db, line, 1)).toHaveProperty('reference');
    expect(await checkout(db, line, 1)).toMatchObject({ refused: 'intake_full' });
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(0);
    // "Next available" finds no room either: the order leaves the dates to staff.
    const next = await checkout(db, { ...line, intakeId: null }, 1);
    const { rows } = await db.query(
      `select i.intake_id from public.order_items i join public.orders o on o.id = i.order_id where o.reference = $1`,
      [next.reference],
    );
    expect(rows).toEqual([{ intake_id: null }]);

    // The holder's code takes the held seats, in two orders; a third finds none.
    expect(await checkout(db, line, 1, code.toLowerCase())).toHaveProperty('reference');
    expect(await checkout(db, line, 1, code)).toHaveProperty('reference');
    expect(await checkout(db, line, 1, code)).toMatchObject({ refused: 'intake_full' });
    expect(await seatsBooked(line.intakeId)).toBe(5);

    // The admin's use: 2 of 2 held seats used, the hold in force.
    const usage = await db.query(
      `select h.used_seats as held_used, h.in_force as hold_active, private.voucher_uses(v.id) as uses
         from public.vouchers v join private.voucher_holds h on h.voucher_id = v.id where v.code = $1`,
      [code],
    );
    expect(usage.rows).toEqual([{ held_used: 2, hold_active: true, uses: 2 }]);
  });

  it('an order with the code may also take free seats beyond its hold; a cancelled order gives held seats back', async () => {
    const line = await intakeOf(6);
    const code = await holdingVoucher(line, 2);
    const big = await checkout(db, line, 5, code);
    expect(big).toHaveProperty('reference');
    // 5 taken by the holder (2 held + 3 free): 1 seat left, for anyone.
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(1);
    await db.query(`update public.orders set status = 'cancelled' where reference = $1`, [big.reference]);
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(4);
  });

  it('racing checkouts with and without the code never oversell', async () => {
    const line = await intakeOf(5);
    const code = await holdingVoucher(line, 2);
    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const next = new pg.Client({ connectionString: database.database.databaseUrl });
        await next.connect();
        return next;
      }),
    );
    const blocker = new pg.Client({ connectionString: database.database.databaseUrl });
    await blocker.connect();
    try {
      // Hold back the numbering (after the seat check) until every checkout waits on a lock: the
      // first on the numbering, the others on the intake's (or the voucher's) row.
      await blocker.query('begin');
      await blocker.query('lock table private.order_reference_counters in share mode');
      const racing = Promise.all(clients.map((each, index) => checkout(each, line, 1, index % 2 === 0 ? code : null)));
      await vi.waitFor(
        async () => {
          const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_locks where not granted`);
          expect(rows[0]!.n).toBeGreaterThanOrEqual(clients.length);
        },
        { timeout: 20_000, interval: 50 },
      );
      await blocker.query('commit');
      const results = await racing;
      const withCode = results.filter((_, index) => index % 2 === 0);
      const without = results.filter((_, index) => index % 2 === 1);
      // 5 without the code race for 3 free seats; 5 with it for those and the 2 held: 5 in all.
      expect(without.filter((result) => result.reference).length).toBeLessThanOrEqual(3);
      expect(results.filter((result) => result.reference)).toHaveLength(5);
      expect(withCode.filter((result) => result.reference).length).toBeGreaterThanOrEqual(2);
      expect(results.filter((result) => !result.reference).every((result) => result.refused === 'intake_full')).toBe(
        true,
      );
      expect(await seatsBooked(line.intakeId)).toBe(5);
    } finally {
      await blocker.end();
      await Promise.all(clients.map((each) => each.end()));
    }
  });

  it('frees the seats after held_until (the clock moved), and while the voucher is paused', async () => {
    const line = await intakeOf(4);
    const { rows } = await db.query<{ until: string }>(`select (now() + interval '2 days')::text as until`);
    await holdingVoucher(line, 3, { held_until: rows[0]!.until });
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(1);
    expect(await checkout(db, line, 2)).toMatchObject({ refused: 'intake_full' });

    // The test clock: honoured for the superuser only, for one transaction.
    const clock = new pg.Client({ connectionString: database.database.adminUrl });
    await clock.connect();
    try {
      const later = async (moment: string) => {
        await clock.query('begin');
        await clock.query(`select set_config('ascent.test_now', $1, true)`, [moment]);
        const { rows: reserved } = await clock.query<{ n: number }>('select private.intake_seats_reserved($1) as n', [
          line.intakeId,
        ]);
        await clock.query('rollback');
        return reserved[0]!.n;
      };
      const { rows: moments } = await db.query<{ before: string; after: string }>(
        `select (now() + interval '1 day')::text as before, (now() + interval '3 days')::text as after`,
      );
      expect(await later(moments[0]!.before)).toBe(3);
      expect(await later(moments[0]!.after)).toBe(0);
      // An order placed at the moved clock, without the code, takes the freed seats.
      await clock.query('begin');
      await clock.query(`select set_config('ascent.test_now', $1, true)`, [moments[0]!.after]);
      await clock.query(`select set_config('request.headers', '{"cf-connecting-ip":"203.0.113.77"}', true)`);
      const placed = await clock.query<{ reference: string }>(
        `select * from public.create_order(
           idempotency_key => $1, buyer_name => 'Achieng Otieno', buyer_email => 'achieng@example.co.ke',
           buyer_phone => '0712345678', payment_method => 'invoice', accepted_terms => true, items => $2::jsonb)`,
        [
          randomUUID(),
          JSON.stringify([
            {
              program_id: line.programId,
              intake_id: line.intakeId,
              quantity: 3,
              participants: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
            },
          ]),
        ],
      );
      await clock.query('commit');
      expect(placed.rows).toHaveLength(1);
      expect(await seatsBooked(line.intakeId)).toBe(3);
    } finally {
      await clock.end();
    }

    // Another intake: pausing the voucher frees its seats, resuming holds them again.
    const other = await intakeOf(3);
    const paused = await holdingVoucher(other, 2);
    expect(await seatsLeftForVisitors(other.intakeId)).toBe(1);
    await db.query(`update public.vouchers set is_paused = true where code = $1`, [paused]);
    expect(await seatsLeftForVisitors(other.intakeId)).toBe(3);
    await db.query(`update public.vouchers set is_paused = false where code = $1`, [paused]);
    expect(await seatsLeftForVisitors(other.intakeId)).toBe(1);
  });

  it('a used-up voucher holds nothing more', async () => {
    const line = await intakeOf(5);
    const code = await holdingVoucher(line, 3, { max_uses: 1 });
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(2);
    expect(await checkout(db, line, 1, code)).toHaveProperty('reference');
    // Its one use is spent: the 2 seats it still held are everyone's again.
    expect(await seatsLeftForVisitors(line.intakeId)).toBe(4);
  });

  it('a quote cannot take the held seats', async () => {
    const line = await intakeOf(5);
    await holdingVoucher(line, 3);
    await db.query(
      `insert into public.quotes (reference, organisation, contact_name, contact_email, currency, valid_until, state, token)
       values ('QUO-HELD-1', 'Tana Water', 'Achieng', 'a@tana.example', 'USD', private.nairobi_today() + 5, 'sent', repeat('q', 43))`,
    );
    await db.query(
      `insert into public.quote_lines (quote_id, position, program_id, intake_id, title, seats, unit_price)
       select id, 1, $1, $2, 'Quoted', 3, 1000 from public.quotes where reference = 'QUO-HELD-1'`,
      [line.programId, line.intakeId],
    );
    const refused = await db.query(`select * from public.accept_quote(repeat('q', 43), 'LPO-1')`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ hint: 'intake_full', message: expect.stringContaining('Only 2 seats are left') });
  });
});

describe('the hold trigger', () => {
  it('refuses a hold larger than the free seats, counting orders and other holds', async () => {
    const line = await intakeOf(5);
    expect(await checkout(db, line, 2)).toHaveProperty('reference');
    await holdingVoucher(line, 2);
    const tooBig = await holdingVoucher(line, 2).then(
      () => null,
      (error: unknown) => error,
    );
    expect(tooBig).toMatchObject({
      hint: 'hold_too_large',
      detail: 'held_seats',
      message: 'Only 1 seat of this intake is free to hold.',
    });
    await holdingVoucher(line, 1);
    // A batch of codes (one statement): each holds its seat, and together they must fit.
    const other = await intakeOf(3);
    const batch = (count: number) =>
      db.query(
        `insert into public.vouchers (code, kind, percent_off, held_intake_id, held_seats)
         select 'BATCH-' || n || '-' || upper(substr(md5(random()::text), 1, 6)), 'percent_off', 10, $1, 1
           from generate_series(1, $2::integer) n`,
        [other.intakeId, count],
      );
    const refusedBatch = await batch(4).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusedBatch).toMatchObject({ hint: 'hold_too_large' });
    await batch(3);
    expect(await seatsLeftForVisitors(other.intakeId)).toBe(0);
  });

  it('refuses a hold in an intake the voucher does not apply to', async () => {
    const line = await intakeOf(5);
    const elsewhere = await intakeOf(5);
    const refused = await db
      .query(
        `insert into public.vouchers (code, kind, percent_off, scope, intake_ids, held_intake_id, held_seats)
         values ('WRONG-INTAKE', 'percent_off', 10, 'intakes', array[$1::uuid], $2, 1)`,
        [line.intakeId, elsewhere.intakeId],
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ hint: 'hold_outside_scope' });
  });
});
