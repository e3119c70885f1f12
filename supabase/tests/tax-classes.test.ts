/**
 * Tax classes as data (issue 29) on a real PostgreSQL: the seed is domain/vat's list, everyone
 * reads the rates, finance (not programmes) changes one and the audit log records it, and a new
 * program takes the institute's default class from site_settings.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KRA_TAX_TYPES } from '../../domain/vat.ts';
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

/** A staff member with these roles and an open session past the second factor (aal2). */
async function staffMember(roles: string[]): Promise<{ sub: string; role: string; aal: string; session_id: string }> {
  const id = randomUUID();
  const email = `${id}@ascent.example`;
  await db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
  await db.query('insert into public.staff (user_id, email, roles) values ($1, $2, $3)', [id, email, roles]);
  const sessionId = randomUUID();
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, id]);
  return { sub: id, role: 'authenticated', aal: 'aal2', session_id: sessionId };
}

/** Runs the statement as the API would for these claims (anon when none), in a transaction rolled back. */
async function as<T extends pg.QueryResultRow>(claims: object | null, sql: string, params: unknown[] = []) {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims ?? { role: 'anon' })]);
    await db.query(claims ? 'set local role authenticated' : 'set local role anon');
    const result = await db.query<T>(sql, params);
    await db.query('reset role');
    const audit = await db.query<{ before: { rate_basis_points: number }; after: { rate_basis_points: number } }>(
      `select before, after from private.audit_log where table_name = 'public.tax_classes' order by id desc limit 1`,
    );
    return { rows: result.rows, rowCount: result.rowCount, lastAudit: audit.rows[0] };
  } finally {
    await db.query('rollback');
  }
}

const raiseStandardRate = `update public.tax_classes set rate_basis_points = 1800, label = 'VAT 18 %' where id = 'B'`;

describe('tax classes', () => {
  it('are seeded with the classes and rates domain/vat.ts knows, readable by a visitor', async () => {
    const { rows } = await as<{ id: string; label: string; rate_basis_points: number }>(
      null,
      'select id, label, rate_basis_points from public.tax_classes order by id',
    );
    expect(rows).toEqual(
      KRA_TAX_TYPES.map((c) => ({ id: c.code, label: c.label, rate_basis_points: c.rateBasisPoints })),
    );
  });

  it('change rate when finance says so, audited; programmes staff and visitors cannot', async () => {
    const finance = await staffMember(['finance']);
    const changed = await as(finance, raiseStandardRate);
    expect(changed.rowCount).toBe(1);
    expect(changed.lastAudit).toMatchObject({
      before: { rate_basis_points: 1600 },
      after: { rate_basis_points: 1800 },
    });

    const programmes = await staffMember(['programmes']);
    expect((await as(programmes, raiseStandardRate)).rowCount).toBe(0);
    await expect(as(null, raiseStandardRate)).rejects.toThrow(/permission denied/);
    await expect(as(finance, `insert into public.tax_classes values ('F', 'New', 100)`)).rejects.toThrow(
      /permission denied/,
    );
  });

  it('give no rate to an exempt, zero-rated or non-VAT class', async () => {
    await expect(db.query(`update public.tax_classes set rate_basis_points = 100 where id = 'A'`)).rejects.toThrow(
      /tax_classes_untaxed_have_no_rate/,
    );
  });

  it("give a new program the institute's default class from settings", async () => {
    const newProgram = async (slug: string) => {
      const { rows } = await db.query<{ tax_class: string }>(
        `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
         values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', 1000, 'USD') returning tax_class`,
        [slug],
      );
      return rows[0]!.tax_class;
    };
    expect(await newProgram(`standard-${randomUUID()}`)).toBe('B');
    await db.query(
      `update public.site_settings set setting_value = '{"tax_class": "A"}' where setting_key = 'default_tax_class'`,
    );
    try {
      expect(await newProgram(`exempt-${randomUUID()}`)).toBe('A');
    } finally {
      await db.query(
        `update public.site_settings set setting_value = '{"tax_class": "B"}' where setting_key = 'default_tax_class'`,
      );
    }
    await expect(
      db.query(
        `update public.site_settings set setting_value = '{"tax_class": "Z"}' where setting_key = 'default_tax_class'`,
      ),
    ).rejects.toThrow(/site_settings_default_tax_class_shape/);
  });
});
