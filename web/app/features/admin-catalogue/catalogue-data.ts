/**
 * The admin catalogue's reads and writes through THE browser client (the staff session's JWT;
 * RLS decides). Every call checks `{ error }` and throws it as is, so a screen can word it with
 * describeDbError and keep the form's input.
 */
import { pageRange, type ListParams } from '../../components/admin/list-params';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { Database, DatabaseClient } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';

type Tables = Database['public']['Tables'];
export type CatalogueTable = 'events' | 'training_programs' | 'services' | 'impact_metrics';
export type Row<T extends CatalogueTable> = Tables[T]['Row'];
export type IntakeRow = Tables['program_intakes']['Row'];

export const PAGE_SIZE = 20;

/** Thrown for a failed call: carries PostgREST's error so describeDbError can word it. */
export class DbError extends Error {
  constructor(readonly cause: { code?: string; message: string; details?: string | null; hint?: string | null }) {
    super(cause.message);
    this.name = 'DbError';
  }
}

function check<T>(result: { data: T; error: null } | { data: unknown; error: DbError['cause'] }): T {
  if (result.error) throw new DbError(result.error);
  return result.data as T;
}

/**
 * supabase-js cannot narrow a query over a union of table names, so the generic helpers below
 * build it as if on `events` (every catalogue table has id and is_published) and the callers'
 * row types come from `T`: the table name itself is passed through unchanged.
 */
function tableOf(supabase: DatabaseClient, table: CatalogueTable) {
  return supabase.from(table as 'events');
}

/** One page of a table, searched in `searchColumns`, sorted and filtered as the URL says. */
export async function listRows<T extends CatalogueTable>(
  table: T,
  params: ListParams,
  searchColumns: readonly string[],
): Promise<{ rows: Row<T>[]; total: number }> {
  const supabase = await getBrowserSupabase();
  let query = tableOf(supabase, table).select('*', { count: 'exact' });
  const search = ilikeAnyFilter(searchColumns, params.q);
  if (search) query = query.or(search);
  if (params.published !== 'all') query = query.eq('is_published', params.published === 'published');
  const [from, to] = pageRange(params.page, PAGE_SIZE);
  const { data, error, count } = await query
    .order(params.sort, { ascending: params.dir === 'asc' })
    .order('id')
    .range(from, to);
  if (error) throw new DbError(error);
  return { rows: (data ?? []) as unknown as Row<T>[], total: count ?? 0 };
}

export async function readRow<T extends CatalogueTable>(table: T, id: string): Promise<Row<T>> {
  const supabase = await getBrowserSupabase();
  return check(await tableOf(supabase, table).select('*').eq('id', id).single()) as unknown as Row<T>;
}

export async function insertRow<T extends CatalogueTable>(table: T, values: Tables[T]['Insert']): Promise<Row<T>> {
  const supabase = await getBrowserSupabase();
  const insert = values as unknown as Tables['events']['Insert'];
  return check(await tableOf(supabase, table).insert(insert).select('*').single()) as unknown as Row<T>;
}

export async function updateRow<T extends CatalogueTable>(
  table: T,
  id: string,
  values: Tables[T]['Update'],
): Promise<Row<T>> {
  const supabase = await getBrowserSupabase();
  const update = values as unknown as Tables['events']['Update'];
  return check(await tableOf(supabase, table).update(update).eq('id', id).select('*').single()) as unknown as Row<T>;
}

export async function deleteRow(table: CatalogueTable | 'program_intakes', id: string): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error, count } = await supabase.from(table).delete({ count: 'exact' }).eq('id', id);
  if (error) throw new DbError(error);
  if (count === 0) throw new DbError({ code: 'PGRST116', message: 'not found' });
}

// Intakes ---------------------------------------------------------------------------------------

export interface IntakeWithSold extends IntakeRow {
  /** Seats on non-cancelled orders: the capacity cannot go below it. */
  sold: number;
}

export async function listIntakes(programId: string): Promise<IntakeWithSold[]> {
  const supabase = await getBrowserSupabase();
  const intakes = check(
    await supabase.from('program_intakes').select('*').eq('program_id', programId).order('starts_on'),
  ) as IntakeRow[];
  if (intakes.length === 0) return [];
  const lines = check(
    await supabase
      .from('order_items')
      .select('intake_id, quantity, orders!inner(status)')
      .in(
        'intake_id',
        intakes.map((intake) => intake.id),
      )
      .neq('orders.status', 'cancelled'),
  ) as { intake_id: string | null; quantity: number }[];
  return intakes.map((intake) => ({
    ...intake,
    sold: lines.filter((line) => line.intake_id === intake.id).reduce((sum, line) => sum + line.quantity, 0),
  }));
}

/** The program categories in use, sorted: the program form chooses among them (a new one is added on purpose). */
export async function listProgramCategories(): Promise<string[]> {
  const supabase = await getBrowserSupabase();
  const rows = check(await supabase.from('training_programs').select('category')) as { category: string }[];
  return [...new Set(rows.map((row) => row.category))].sort((a, b) => a.localeCompare(b));
}

export async function insertIntake(values: Tables['program_intakes']['Insert']): Promise<void> {
  const supabase = await getBrowserSupabase();
  check(await supabase.from('program_intakes').insert(values).select('id').single());
}

export async function updateIntake(id: string, values: Tables['program_intakes']['Update']): Promise<void> {
  const supabase = await getBrowserSupabase();
  check(await supabase.from('program_intakes').update(values).eq('id', id).select('id').single());
}

// Impact metrics order --------------------------------------------------------------------------

/** Swaps the sort_order of two metrics (move up / move down). */
export async function swapMetricOrder(a: Row<'impact_metrics'>, b: Row<'impact_metrics'>): Promise<void> {
  const supabase = await getBrowserSupabase();
  // Equal orders (new rows default to 0) would swap to the same values: spread them apart first.
  const [orderA, orderB] =
    a.sort_order === b.sort_order ? [b.sort_order + 1, b.sort_order] : [b.sort_order, a.sort_order];
  check(await supabase.from('impact_metrics').update({ sort_order: orderA }).eq('id', a.id).select('id').single());
  check(await supabase.from('impact_metrics').update({ sort_order: orderB }).eq('id', b.id).select('id').single());
}

/** The next sort_order for a new metric: after the last one. */
export async function nextMetricOrder(): Promise<number> {
  const supabase = await getBrowserSupabase();
  const rows = check(
    await supabase.from('impact_metrics').select('sort_order').order('sort_order', { ascending: false }).limit(1),
  ) as { sort_order: number }[];
  return (rows[0]?.sort_order ?? 0) + 1;
}
