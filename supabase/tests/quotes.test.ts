/**
 * Quotes and names later (issue 30, items 3 and 4) on a real PostgreSQL: visitors cannot list
 * quotes or read one but by its token, which shows that one quote (and marks it viewed) and,
 * once expired, only that it expired; accepting makes an order at the quoted total with its
 * seats held (checked under the intake's lock), once however often it is accepted; the buyer
 * names the seats later until the cut-off, and the roster shows the unnamed seats, then names.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
const staff: Record<'programmes' | 'finance' | 'marketing', { user: string; session: string }> = {
  programmes: { user: randomUUID(), session: randomUUID() },
  finance: { user: randomUUID(), session: randomUUID() },
  marketing: { user: randomUUID(), session: randomUUID() },
};

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  for (const [role, { user, session }] of Object.entries(staff)) {
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [user, `${role}-q@ascent.example`]);
    await db.query(`insert into public.staff (user_id, email, roles) values ($1, $2, array[$3])`, [
      user,
      `${role}-q@ascent.example`,
      role,
    ]);
    await db.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal2')`, [session, user]);
  }
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.quotes, public.orders, public.training_programs cascade');
  await db.query('delete from private.quote_link_requests');
});

type Caller = keyof typeof staff | 'anon';

/** A statement as the caller (claims and role for one transaction), from the client address given. */
async function as<T extends pg.QueryResultRow>(
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  client = '203.0.113.20',
): Promise<pg.QueryResult<T>> {
  await db.query('begin');
  try {
    const claims =
      caller === 'anon'
        ? { role: 'anon' }
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

async function refusal(
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  client?: string,
): Promise<pg.DatabaseError> {
  const error: unknown = await as(caller, sql, params, client).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof pg.DatabaseError)) throw new Error(`expected a refusal of: ${sql}`);
  return error;
}

/** The Nairobi date `days` from today (ISO), as the database counts days. */
async function daysFromToday(days: number): Promise<string> {
  const { rows } = await db.query<{ day: string }>(`select (private.nairobi_today() + $1::integer)::text as day`, [
    days,
  ]);
  return rows[0]!.day;
}

/** A published USD program at `price` with an intake starting `startsIn` days from today. */
async function programWithIntake(
  price: number,
  capacity = 20,
  startsIn = 30,
): Promise<{ programId: string; intakeId: string }> {
  const slug = `quote-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
     values ($1, $1, 'Leadership', 'Managers', 'A program.', '5 days', $2, 'USD', true) returning id`,
    [slug, price],
  );
  const intake = await db.query<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity, is_published)
     values ($1, private.nairobi_today() + $2::integer, private.nairobi_today() + $2::integer + 4, 'Nairobi', $3, true)
     returning id`,
    [rows[0]!.id, startsIn, capacity],
  );
  return { programId: rows[0]!.id, intakeId: intake.rows[0]!.id };
}

/** Finance builds and sends a quote of `seats` seats at `unitPrice` less `discount`; returns id and token. */
async function sentQuote(
  line: { programId: string; intakeId: string },
  seats: number,
  unitPrice: number,
  discount: number,
  validDays = 14,
): Promise<{ id: string; token: string }> {
  const { rows } = await as<{ id: string }>(
    'finance',
    `select public.create_quote('Tana Water', 'Achieng Otieno', 'procurement@tana.example', 'USD',
       $1::date, $2::jsonb, 'Payment within 30 days.', 'P051234567X') as id`,
    [
      await daysFromToday(validDays),
      JSON.stringify([
        {
          program_id: line.programId,
          intake_id: line.intakeId,
          seats,
          unit_price: unitPrice,
          discount_amount: discount,
        },
      ]),
    ],
  );
  const id = rows[0]!.id;
  await as('finance', `select public.send_quote($1)`, [id]);
  const token = await db.query<{ token: string }>(`select token from public.quotes where id = $1`, [id]);
  return { id, token: token.rows[0]!.token };
}

async function view(token: string): Promise<Record<string, unknown>> {
  const { rows } = await as<{ quote: Record<string, unknown> }>('anon', `select public.view_quote($1) as quote`, [
    token,
  ]);
  return rows[0]!.quote;
}

async function accept(
  token: string,
  po: string,
  participants: unknown = null,
): Promise<{ reference: string; order_token: string; replayed: boolean }> {
  const { rows } = await as<{ reference: string; order_token: string; replayed: boolean }>(
    'anon',
    `select * from public.accept_quote($1, $2, $3::jsonb)`,
    [token, po, participants === null ? null : JSON.stringify(participants)],
  );
  return rows[0]!;
}

describe('who sees quotes', () => {
  it('visitors cannot list quotes or their lines; a token shows its quote only, and marks it viewed', async () => {
    const line = await programWithIntake(1000);
    const first = await sentQuote(line, 10, 900, 500);
    const other = await programWithIntake(800);
    await sentQuote(other, 2, 800, 0);

    expect((await refusal('anon', 'select * from public.quotes')).code).toBe('42501');
    expect((await refusal('anon', 'select * from public.quote_lines')).code).toBe('42501');
    expect((await refusal('anon', 'select * from public.staff_quotes()')).code).toBe('42501');
    // Marketing has no quote rows: RLS answers none.
    expect((await as('marketing', 'select * from public.quotes')).rows).toHaveLength(0);
    expect((await as('finance', 'select * from public.quotes')).rows).toHaveLength(2);

    const shown = await view(first.token);
    expect(shown).toMatchObject({ state: 'viewed', organisation: 'Tana Water', total: 8500 });
    expect(shown.lines).toHaveLength(1);
    expect(JSON.stringify(shown)).not.toContain(other.intakeId);
    const states = await as<{ state: string }>('finance', `select state from public.staff_quotes() where id = $1`, [
      first.id,
    ]);
    expect(states.rows[0]!.state).toBe('viewed');

    const unknown = await refusal('anon', `select public.view_quote($1)`, ['x'.repeat(43)]);
    expect(unknown.code).toBe('P0002');
  });

  it('an expired token reveals only that it expired, and cannot be accepted', async () => {
    const line = await programWithIntake(1000);
    const quote = await sentQuote(line, 3, 1000, 0);
    await db.query(`update public.quotes set valid_until = private.nairobi_today() - 1 where id = $1`, [quote.id]);

    expect(await view(quote.token)).toEqual({ state: 'expired' });
    const refused = await refusal('anon', `select * from public.accept_quote($1, 'PO-1')`, [quote.token]);
    expect(refused.hint).toBe('quote_expired');
    const states = await as<{ state: string }>('finance', `select state from public.staff_quotes() where id = $1`, [
      quote.id,
    ]);
    expect(states.rows[0]!.state).toBe('expired');
  });

  it('only finance and programmes build quotes', async () => {
    const line = await programWithIntake(1000);
    const refused = await refusal(
      'marketing',
      `select public.create_quote('Tana Water', 'A', 'a@tana.example', 'USD', $2::date, $1::jsonb)`,
      [JSON.stringify([{ program_id: line.programId, seats: 1 }]), await daysFromToday(5)],
    );
    expect(refused.code).toBe('42501');
    const above = await refusal(
      'programmes',
      `select public.create_quote('Tana Water', 'A', 'a@tana.example', 'USD', $2::date, $1::jsonb)`,
      [JSON.stringify([{ program_id: line.programId, seats: 1, unit_price: 1200 }]), await daysFromToday(5)],
    );
    expect(above.hint).toBe('above_catalogue_price');
  });

  it('a link is limited per quote', async () => {
    const line = await programWithIntake(1000);
    const quote = await sentQuote(line, 1, 1000, 0);
    await db.query(`update private.quote_link_limits set max_per_quote = 3`);
    try {
      for (let index = 0; index < 3; index += 1) await view(quote.token);
      const refused = await refusal('anon', `select public.view_quote($1)`, [quote.token], '203.0.113.99');
      expect(refused.code).toBe('PT429');
    } finally {
      await db.query(`update private.quote_link_limits set max_per_quote = 30`);
    }
  });
});

describe('sending', () => {
  it('queues the quote mail to its contact, each time it is sent', async () => {
    const line = await programWithIntake(1000);
    const quote = await sentQuote(line, 2, 1000, 0);
    await as('programmes', `select public.send_quote($1)`, [quote.id]);
    const { rows } = await db.query<{ kind: string; recipient: string }>(
      `select kind, recipient from public.mail_outbox where quote_id = $1`,
      [quote.id],
    );
    expect(rows).toEqual([
      { kind: 'quote_sent', recipient: 'procurement@tana.example' },
      { kind: 'quote_sent', recipient: 'procurement@tana.example' },
    ]);
    const { rows: documents } = await db.query<{ document: { token: string; reference: string } }>(
      `select public.quote_mail_document($1) as document`,
      [quote.id],
    );
    expect(documents[0]!.document).toMatchObject({ token: quote.token, state: 'sent' });
  });
});

describe('accepting', () => {
  it('makes an order at the quoted total with the seats held, once however often it is accepted', async () => {
    const line = await programWithIntake(1000, 12);
    const quote = await sentQuote(line, 10, 900, 500);

    const first = await accept(quote.token, 'LPO-7781');
    expect(first.replayed).toBe(false);
    const again = await accept(quote.token, 'LPO-7781');
    expect(again).toMatchObject({ reference: first.reference, order_token: first.order_token, replayed: true });

    const { rows } = await db.query<{
      total_usd: string;
      po_number: string;
      status: string;
      seats: number;
      named: number;
      count: number;
    }>(
      `select o.total_usd::text, o.po_number, o.status, (select sum(quantity)::integer from public.order_items i where i.order_id = o.id) as seats,
              (select count(*)::integer from public.order_participants p join public.order_items i on i.id = p.order_item_id where i.order_id = o.id) as named,
              (select count(*)::integer from public.orders) as count
         from public.orders o where o.reference = $1`,
      [first.reference],
    );
    expect(rows[0]).toEqual({
      total_usd: '8500.00',
      po_number: 'LPO-7781',
      status: 'pending',
      seats: 10,
      named: 0,
      count: 1,
    });
    const link = await db.query<{ token: string | null }>(
      `select public.quote_token_of_order(o.id) as token from public.orders o where o.reference = $1`,
      [first.reference],
    );
    expect(link.rows[0]!.token).toBe(quote.token);
    const mails = await db.query(
      `select kind from public.mail_outbox m join public.orders o on o.id = m.order_id where o.reference = $1`,
      [first.reference],
    );
    expect(mails.rows.map((row: { kind: string }) => row.kind).sort()).toEqual([
      'order_confirmation',
      'order_notification',
    ]);

    // The 12-seat intake now has 2 seats left: a second quote for 3 is refused in words.
    const more = await sentQuote(line, 3, 1000, 0);
    const full = await refusal('anon', `select * from public.accept_quote($1, 'LPO-2')`, [more.token]);
    expect(full.hint).toBe('intake_full');
    expect(full.message).toContain('Only 2 seats are left');
  });

  it('two acceptances at once make one order', async () => {
    const line = await programWithIntake(1000);
    const quote = await sentQuote(line, 4, 1000, 0);
    const second = new pg.Client({ connectionString: database.database.databaseUrl });
    await second.connect();
    try {
      const acceptOn = async (client: pg.Client) => {
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
        await client.query(`set local role anon`);
        const { rows } = await client.query<{ reference: string }>(`select * from public.accept_quote($1, 'PO-9')`, [
          quote.token,
        ]);
        await client.query('commit');
        return rows[0]!.reference;
      };
      const [a, b] = await Promise.all([acceptOn(db), acceptOn(second)]);
      expect(a).toBe(b);
      expect((await db.query(`select count(*)::integer as n from public.orders`)).rows[0]).toEqual({ n: 1 });
    } finally {
      await second.end();
    }
  });
});

describe('names later', () => {
  it('the buyer names the seats later, the roster shows unnamed seats then the names, until the cut-off', async () => {
    const line = await programWithIntake(1000, 20, 10);
    const quote = await sentQuote(line, 3, 1000, 0);
    await accept(quote.token, 'LPO-1', [[{ name: 'Wanjiru Kamau' }]]);

    const roster = async () =>
      (
        await as<{ full_name: string | null }>('programmes', `select full_name from public.intake_roster($1)`, [
          line.intakeId,
        ])
      ).rows.map((row) => row.full_name);
    expect(await roster()).toEqual(['Wanjiru Kamau', null, null]);

    const { rows } = await as<{ quote: { lines: { participants: { name: string }[] }[] } }>(
      'anon',
      `select public.name_quote_participants($1, $2::jsonb) as quote`,
      [
        quote.token,
        JSON.stringify([
          [{ name: 'Wanjiru Kamau' }, { name: 'Otieno Ouma', email: 'otieno@tana.example' }, { name: 'Chebet Rono' }],
        ]),
      ],
    );
    expect(rows[0]!.quote.lines[0]!.participants.map((p) => p.name)).toEqual([
      'Wanjiru Kamau',
      'Otieno Ouma',
      'Chebet Rono',
    ]);
    expect(await roster()).toEqual(['Wanjiru Kamau', 'Otieno Ouma', 'Chebet Rono']);

    const tooMany = await refusal('anon', `select public.name_quote_participants($1, $2::jsonb)`, [
      quote.token,
      JSON.stringify([[{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }]]),
    ]);
    expect(tooMany.hint).toBe('too_many_participants');

    // Names close names_cutoff_days (3) before the intake starts: move the intake to 3 days away.
    await db.query(
      `update public.program_intakes set starts_on = private.nairobi_today() + 3, ends_on = private.nairobi_today() + 7 where id = $1`,
      [line.intakeId],
    );
    const closed = await refusal('anon', `select public.name_quote_participants($1, $2::jsonb)`, [
      quote.token,
      JSON.stringify([[{ name: 'Someone Else' }]]),
    ]);
    expect(closed.hint).toBe('names_closed');
  });

  it('a quote not yet accepted takes no names', async () => {
    const line = await programWithIntake(1000);
    const quote = await sentQuote(line, 2, 1000, 0);
    const refused = await refusal('anon', `select public.name_quote_participants($1, '[[]]'::jsonb)`, [quote.token]);
    expect(refused.hint).toBe('quote_not_accepted');
  });
});
