/**
 * The admin catalogue's database guards on a real PostgreSQL: a program with orders cannot be
 * deleted (a clear sentence, not a foreign-key error), one without can; an intake's capacity
 * never goes below the seats of non-cancelled orders; an intake with orders cannot be deleted.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;

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

let counter = 0;

async function program(slug: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD') returning id`,
    [slug],
  );
  return rows[0]!.id;
}

async function intake(programId: string, capacity: number): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity)
     values ($1, current_date + 30, current_date + 34, 'Nairobi', $2) returning id`,
    [programId, capacity],
  );
  return rows[0]!.id;
}

/** An order of `seats` seats on the intake, with the given status. */
async function order(programId: string, intakeId: string | null, seats: number, status = 'pending'): Promise<void> {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.orders (client_key, confirmation_token, customer_email, customer_name, idempotency_key,
       payment_method, reference, request_hash, terms_accepted_at, status)
     values ('client', $1, 'buyer@example.com', 'Buyer', $2, 'invoice', $3, 'hash', now(), $4) returning id`,
    [serial.padEnd(43, 'a'), randomUUID(), `ASC-2026-${serial}`, status],
  );
  await db.query(
    `insert into public.order_items (order_id, program_id, intake_id, title, unit_price, currency, quantity, position)
     values ($1, $2, $3, 'Program', 1000, 'USD', $4, 1)`,
    [rows[0]!.id, programId, intakeId, seats],
  );
}

async function refusal(sql: string, params: unknown[]): Promise<pg.DatabaseError> {
  const error: unknown = await db.query(sql, params).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof pg.DatabaseError)) throw new Error(`expected a refusal of: ${sql}`);
  return error;
}

describe('deleting a training program', () => {
  it('is refused with a sentence when it has orders, even without an intake', async () => {
    const id = await program('ordered');
    await order(id, null, 2);
    const error = await refusal('delete from public.training_programs where id = $1', [id]);
    expect(error.code).toBe('P0001');
    expect(error.message).toBe('The program "ordered" has orders, so it cannot be deleted. Unpublish it instead.');
    const { rowCount } = await db.query('select 1 from public.training_programs where id = $1', [id]);
    expect(rowCount).toBe(1);
  });

  it('is refused when its orders booked an intake (not a foreign-key error)', async () => {
    const id = await program('booked');
    await order(id, await intake(id, 10), 1);
    const error = await refusal('delete from public.training_programs where id = $1', [id]);
    expect(error.code).toBe('P0001');
  });

  it('goes through, intakes and all, when nobody ordered it', async () => {
    const id = await program('unordered');
    await intake(id, 10);
    await db.query('delete from public.training_programs where id = $1', [id]);
    const { rowCount } = await db.query('select 1 from public.program_intakes where program_id = $1', [id]);
    expect(rowCount).toBe(0);
  });
});

describe("an intake's capacity", () => {
  it('cannot go below the seats sold on non-cancelled orders, and may go down to them', async () => {
    const id = await program('capacity');
    const intakeId = await intake(id, 10);
    await order(id, intakeId, 4);
    await order(id, intakeId, 5, 'cancelled'); // frees its seats: not counted
    const error = await refusal('update public.program_intakes set capacity = 3 where id = $1', [intakeId]);
    expect(error.code).toBe('P0001');
    expect(error.message).toBe('The capacity cannot be lower than the 4 seats already sold on this intake.');
    await db.query('update public.program_intakes set capacity = 4 where id = $1', [intakeId]);
    const { rows } = await db.query<{ capacity: number }>('select capacity from public.program_intakes where id = $1', [
      intakeId,
    ]);
    expect(rows[0]!.capacity).toBe(4);
  });

  it('with orders on it cannot be deleted (the foreign key the admin screen words)', async () => {
    const id = await program('intake-orders');
    const intakeId = await intake(id, 10);
    await order(id, intakeId, 1);
    const error = await refusal('delete from public.program_intakes where id = $1', [intakeId]);
    expect(error.code).toBe('23503');
    expect(error.constraint).toBe('order_items_intake_id_fkey');
  });
});
