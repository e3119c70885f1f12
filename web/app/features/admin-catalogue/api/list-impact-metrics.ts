/** One page of the impact figures list: search, published filter, sort and page from the URL. */
import type { z } from 'zod';
import { pageRange } from '../../../components/admin/list-params';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { ilikeAnyFilter } from '../../../lib/supabase/ilike-filter';
import { catalogueListInput, listDefaults, PAGE_SIZE } from './catalogue-list-input';

export type ImpactMetricRow = Database['public']['Tables']['impact_metrics']['Row'];

export const impactMetricSortable = ['sort_order', 'label', 'value', 'is_published'] as const;
export const impactMetricListDefaults = listDefaults(impactMetricSortable, 'sort_order');
export const listImpactMetricsInput = catalogueListInput(impactMetricSortable);
const searchColumns = ['label'];

export async function listImpactMetrics(
  input: z.input<typeof listImpactMetricsInput>,
): Promise<{ rows: ImpactMetricRow[]; total: number }> {
  const { q, sort, dir, published, page } = listImpactMetricsInput.parse(input);
  const supabase = await staffSupabase();
  let query = supabase.from('impact_metrics').select('*', { count: 'exact' });
  const search = ilikeAnyFilter(searchColumns, q);
  if (search) query = query.or(search);
  if (published !== 'all') query = query.eq('is_published', published === 'published');
  const [from, to] = pageRange(page, PAGE_SIZE);
  const { data, error, count } = await query
    .order(sort, { ascending: dir === 'asc' })
    .order('id')
    .range(from, to);
  if (error) throw error;
  return { rows: data, total: count ?? 0 };
}
