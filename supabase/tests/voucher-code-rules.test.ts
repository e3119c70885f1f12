/**
 * The voucher code rules written twice, on purpose: the admin screen checks and normalises codes in
 * the browser (web/app/features/admin-vouchers/voucher-codes.ts) before the database does
 * (vouchers_code_format, private.normalise_voucher_code). Both sides are asked the same questions
 * here, so a change to one that the other does not follow fails.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_FORMAT,
  generateVoucherCodes,
  normaliseVoucherCode,
} from '../../web/app/features/admin-vouchers/voucher-codes.ts';
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

const typed = [
  'early-bird',
  ' Early Bird 2026 ',
  'abc',
  'ab',
  'A'.repeat(40),
  'A'.repeat(41),
  '-LEADING',
  '_LEADING',
  'PARTNER_10',
  'KES-5000',
  'tab\there',
  'line\nbreak',
  'no\u00a0break',
  'thin\u2009space',
  '\ufeffBOM',
  'ÜBER',
  'straße',
  'ＦＵＬＬ',
  'semi;colon',
  '',
  '   ',
  ...generateVoucherCodes(5, 'acme'),
];

/** What the database makes of a typed code: its normalised form, and whether the table's check takes it. */
async function databaseCode(raw: string): Promise<{ code: string; accepted: boolean }> {
  const { rows } = await db.query<{ code: string | null; accepted: boolean | null }>(
    `select c.code, c.code ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$' as accepted
       from (select private.normalise_voucher_code($1) as code) c`,
    [raw],
  );
  return { code: rows[0]!.code ?? '', accepted: rows[0]!.accepted ?? false };
}

describe('voucher codes: the browser and the database agree', () => {
  it.each(typed)('on %j: both refuse it, or both read the same code', async (raw) => {
    const code = normaliseVoucherCode(raw);
    const database = await databaseCode(raw);
    expect(CODE_FORMAT.test(code)).toBe(database.accepted);
    if (database.accepted) expect(code).toBe(database.code);
  });

  it("the format asked above is the table's own check", async () => {
    const { rows } = await db.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'vouchers_code_format'`,
    );
    expect(rows[0]!.definition).toContain(`'^[A-Z0-9][A-Z0-9_-]{2,39}$'`);
  });
});
