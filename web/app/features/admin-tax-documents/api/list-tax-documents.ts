/**
 * Tax invoices and credit notes for the finance screen: a page of those matching the filters, and
 * how many match; every matching one with its lines for the accountant's CSV (1000 at a time).
 */
import { z } from 'zod';
import { pageRange } from '../../../components/admin/list-params';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import {
  etimsStatuses,
  exportColumns,
  listColumns,
  nairobiDayStart,
  nextDay,
  TAX_DOCUMENTS_PAGE_SIZE,
  taxDocumentSortColumns,
  type TaxDocumentQuery,
} from '../tax-document-query';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const taxDocumentQueryInput = z.object({
  q: z.string().max(200),
  status: z.enum([...etimsStatuses, 'all']),
  from: z.union([day, z.literal('all')]),
  to: z.union([day, z.literal('all')]),
  sort: z.string().pipe(z.enum(taxDocumentSortColumns)),
  dir: z.enum(['asc', 'desc']),
});

/** The filter methods used below, as PostgREST's query builder has them. */
interface Filterable<Self> {
  eq(column: 'etims_status' | 'id', value: string): Self;
  gte(column: 'issued_at', value: string): Self;
  lt(column: 'issued_at', value: string): Self;
  or(filters: string): Self;
}

/** The filters on a PostgREST query of tax_documents. */
function filtered<Query extends Filterable<Query>>(query: Query, { q, status, from, to }: TaxDocumentQuery): Query {
  let next = query;
  if (status !== 'all') next = next.eq('etims_status', status);
  if (from !== 'all') next = next.gte('issued_at', nairobiDayStart(from));
  if (to !== 'all') next = next.lt('issued_at', nairobiDayStart(nextDay(to)));
  const term = q.trim().toUpperCase();
  // A PIN or a number is letters, digits and a dash: anything else cannot match and is not sent.
  if (term !== '')
    next = /^[A-Z0-9-]+$/.test(term)
      ? next.or(`buyer_kra_pin.eq.${term},document_number.eq.${term}`)
      : next.eq('id', '00000000-0000-0000-0000-000000000000');
  return next;
}

export async function listTaxDocuments(input: z.input<typeof taxDocumentQueryInput> & { page: number }) {
  const query = taxDocumentQueryInput.parse(input);
  const supabase = await staffSupabase();
  const [from, to] = pageRange(input.page, TAX_DOCUMENTS_PAGE_SIZE);
  const { data, error, count } = await filtered(
    supabase.from('tax_documents').select(listColumns, { count: 'exact' }),
    query,
  )
    .order(query.sort, { ascending: query.dir === 'asc' })
    .order('document_number', { ascending: query.dir === 'asc' })
    .range(from, to);
  if (error) throw error;
  return { rows: data, total: count ?? 0 };
}

export type TaxDocumentRow = Awaited<ReturnType<typeof listTaxDocuments>>['rows'][number];

const EXPORT_PAGE_SIZE = 1000;

async function exportPage(query: TaxDocumentQuery, from: number) {
  const supabase = await staffSupabase();
  const { data, error } = await filtered(supabase.from('tax_documents').select(exportColumns), query)
    .order('issued_at')
    .order('id')
    .range(from, from + EXPORT_PAGE_SIZE - 1);
  if (error) throw error;
  return data;
}

export type TaxDocumentExportRow = Awaited<ReturnType<typeof exportPage>>[number];

/** Every matching document with its lines, in the order issued (invoices and credit notes together), for the accountant. */
export async function fetchAllTaxDocuments(
  input: z.input<typeof taxDocumentQueryInput>,
): Promise<TaxDocumentExportRow[]> {
  const query = taxDocumentQueryInput.parse(input);
  const rows: TaxDocumentExportRow[] = [];
  for (let from = 0; ; from += EXPORT_PAGE_SIZE) {
    const data = await exportPage(query, from);
    rows.push(...data);
    if (data.length < EXPORT_PAGE_SIZE) return rows;
  }
}
