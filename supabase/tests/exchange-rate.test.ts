/**
 * The rate is written twice: the site and the functions convert with domain/money.ts's
 * KES_PER_USD, and the database stamps each new order with orders.kes_per_usd's default (its
 * totals are computed with it). A change to one without the other would price the cart and the
 * order differently: the migrated schema's default must be the domain's constant.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KES_PER_USD } from '../../domain/money.ts';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;

beforeAll(async () => {
  database = await migratedDatabase();
}, 180_000);

afterAll(async () => {
  await database?.close();
});

it('a new order is stamped with the rate the site converts at', async () => {
  const { rows } = await database.db.query<{ rate: string }>(
    `select column_default as rate from information_schema.columns
      where table_schema = 'public' and table_name = 'orders' and column_name = 'kes_per_usd'`,
  );
  expect(rows).toHaveLength(1);
  // The default as PostgreSQL stores it ('129.16'), evaluated to be sure of the number.
  const { rows: evaluated } = await database.db.query<{ rate: string }>(`select (${rows[0]!.rate})::text as rate`);
  expect(Number(evaluated[0]!.rate)).toBe(KES_PER_USD);
});
