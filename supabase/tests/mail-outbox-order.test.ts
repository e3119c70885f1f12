/**
 * The outbox's claim, as the mail worker (service role) calls it: mails to one address leave in
 * the order they were written, even when the first one's send failed and waits for its retry;
 * mails to other addresses and team mails do not wait for it.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(() => db.query('delete from public.mail_outbox'));

/** Writes outbox rows in this order, in one transaction (as a registration and its promotion can). */
async function write(...recipients: Array<string | null>): Promise<string[]> {
  const ids: string[] = [];
  await db.query('begin');
  for (const recipient of recipients) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.mail_outbox (kind, recipient) values ('event_registration_waitlisted', $1) returning id`,
      [recipient],
    );
    ids.push(rows[0]!.id);
  }
  await db.query('commit');
  return ids;
}

type Claimed = { id: string; claim_id: string };

/** What one worker run's claim takes, as the service role. */
async function claim(): Promise<Claimed[]> {
  await db.query('begin');
  try {
    await db.query('set local role service_role');
    const { rows } = await db.query<Claimed>('select id, claim_id from public.claim_mail_outbox(10, 120)');
    await db.query('commit');
    return rows;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

async function asWorker(sql: string, params: unknown[]): Promise<void> {
  await db.query('begin');
  await db.query('set local role service_role');
  await db.query(sql, params);
  await db.query('commit');
}

const complete = (row: Claimed) => asWorker('select public.complete_mail_outbox($1, $2)', [row.id, row.claim_id]);
const failForRetry = (row: Claimed) =>
  asWorker(`select public.fail_mail_outbox($1, $2, 'connect ECONNREFUSED', true)`, [row.id, row.claim_id]);
const failUncertain = (row: Claimed) =>
  asWorker(`select public.fail_mail_outbox($1, $2, 'connection lost mid-transfer', false)`, [row.id, row.claim_id]);
/** The retry delay, run out. */
const makeDue = (id: string) => db.query('update public.mail_outbox set next_attempt_at = now() where id = $1', [id]);

const ids = (rows: Claimed[]) => rows.map((row) => row.id).sort();

describe('claim_mail_outbox', () => {
  it('takes one mail per address at a time, the oldest first; other addresses and team mails go alongside', async () => {
    const [waitlisted, seat, other, teamA, teamB] = await write(
      'baraka@example.com',
      'Baraka@Example.com',
      'achieng@example.com',
      null,
      null,
    );
    const first = await claim();
    expect(ids(first)).toEqual([waitlisted, other, teamA, teamB].sort());
    expect(await claim()).toEqual([]);
    for (const row of first) await complete(row);
    expect((await claim()).map((row) => row.id)).toEqual([seat]);
  });

  it('keeps a later mail back while the first one to the address waits for its retry', async () => {
    const [waitlisted, seat] = await write('baraka@example.com', 'baraka@example.com');
    const [firstTry] = await claim();
    expect(firstTry!.id).toBe(waitlisted);
    await failForRetry(firstTry!);

    // The failed mail waits 5 s; the later one, though due, does not overtake it.
    expect(await claim()).toEqual([]);

    await makeDue(waitlisted!);
    const [retry] = await claim();
    expect(retry!.id).toBe(waitlisted);
    await complete(retry!);
    expect((await claim()).map((row) => row.id)).toEqual([seat]);
  });

  it('does not hold an address for a mail set aside as uncertain', async () => {
    const [receipt, next] = await write('njeri@example.com', 'njeri@example.com');
    const [row] = await claim();
    expect(row!.id).toBe(receipt);
    await failUncertain(row!);
    expect((await claim()).map((claimed) => claimed.id)).toEqual([next]);
  });
});
