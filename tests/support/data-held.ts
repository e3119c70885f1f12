/**
 * What the database holds about an e-mail address, found with plain SQL and not through the
 * functions under test (public.my_data, complete_data_erasure): the rows of each kind the
 * download must hold, and every text column of the public, private and auth schemas that still
 * names the address after an erasure. For the data rights tests (DB and end-to-end).
 */
import type pg from 'pg';

type Queryable = Pick<pg.Client, 'query'>;

/** How many rows of each kind the database holds about `email` (its orders and what hangs on them, its own rows). */
export async function rowsAbout(db: Queryable, email: string): Promise<Record<string, number>> {
  const address = email.toLowerCase();
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [address])).rows[0]!.n);
  const ownOrders = `select id from public.orders where lower(customer_email) = $1`;
  const participants = `select p.id from public.order_participants p join public.order_items i on i.id = p.order_item_id
                         where i.order_id in (${ownOrders}) or lower(p.email) = $1`;
  const documents = `select id from public.tax_documents where order_id in (${ownOrders}) or lower(buyer_email) = $1`;
  return {
    orders: await count(`select count(*) as n from (${ownOrders}) x`),
    order_items: await count(`select count(*) as n from public.order_items where order_id in (${ownOrders})`),
    order_participants: await count(`select count(*) as n from (${participants}) x`),
    mpesa_payment_attempts: await count(
      `select count(*) as n from public.mpesa_payment_attempts where order_id in (${ownOrders})`,
    ),
    event_registrations: await count(`select count(*) as n from public.event_registrations where lower(email) = $1`),
    enquiries: await count(`select count(*) as n from public.enquiries where lower(email) = $1`),
    newsletter_subscribers: await count(
      `select count(*) as n from public.newsletter_subscribers where lower(email) = $1`,
    ),
    certificates: await count(
      `select count(*) as n from public.certificates where participant_id in (${participants})`,
    ),
    tax_documents: await count(`select count(*) as n from (${documents}) x`),
    payment_receipts: await count(
      `select count(*) as n from public.payment_receipts where order_id in (${ownOrders}) or lower(payer_email) = $1`,
    ),
    tax_document_lines: await count(
      `select count(*) as n from public.tax_document_lines where document_id in (${documents})`,
    ),
  };
}

/** Every `schema.table.column:<row id>` of the public, private and auth schemas whose text holds `needle`. */
export async function whereTextHolds(db: Queryable, needle: string): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema in ('public', 'private', 'auth')
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const { rows } = await db.query<{ id: string }>(
      `select coalesce(to_jsonb(t) ->> 'id', '?') as id from ${table_schema}.${table_name} t
        where strpos(lower(t.${column_name}::text), $1) > 0`,
      [needle.toLowerCase()],
    );
    for (const row of rows) found.push(`${table_schema}.${table_name}.${column_name}:${row.id}`);
  }
  return found.sort();
}

/**
 * The hits of `whereTextHolds` outside the kept records: the kept orders' own columns and those
 * of their tax documents, and the audit entries about those rows.
 */
export async function outsideKeptRecords(db: Queryable, hits: string[], keptOrders: string[]): Promise<string[]> {
  // A kept order keeps its tax documents and payment receipts (the same tax records).
  const documents = (
    await db.query<{ id: string }>(
      `select id::text from public.tax_documents where order_id = any($1::uuid[])
       union all select id::text from public.payment_receipts where order_id = any($1::uuid[])`,
      [keptOrders],
    )
  ).rows.map((row) => row.id);
  const kept = new Set([...keptOrders, ...documents]);
  const keptTables = ['public.orders', 'public.tax_documents', 'public.payment_receipts'];
  const stray: string[] = [];
  for (const hit of hits) {
    const [where, id] = hit.split(':') as [string, string];
    if (keptTables.some((table) => where.startsWith(`${table}.`)) && kept.has(id)) continue;
    if (where.startsWith('private.audit_log.')) {
      const { rows } = await db.query<{ table_name: string; row_id: string }>(
        'select table_name, row_id from private.audit_log where id = $1',
        [id],
      );
      const entry = rows[0];
      if (entry && keptTables.includes(entry.table_name) && kept.has(entry.row_id)) continue;
    }
    stray.push(hit);
  }
  return stray;
}
