/** One page of the services list: search, published filter, sort and page from the URL. */
import type { z } from 'zod';
import { pageRange } from '../../../components/admin/list-params';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { ilikeAnyFilter } from '../../../lib/supabase/ilike-filter';
import { catalogueListInput, listDefaults, PAGE_SIZE } from './catalogue-list-input';

export type ServiceRow = Database['public']['Tables']['services']['Row'];

export const serviceSortable = ['title', 'slug', 'sort_order', 'is_published'] as const;
export const serviceListDefaults = listDefaults(serviceSortable, 'sort_order');
export const listServicesInput = catalogueListInput(serviceSortable);
const searchColumns = ['title', 'description', 'slug'];

export async function listServices(
  input: z.input<typeof listServicesInput>,
): Promise<{ rows: ServiceRow[]; total: number }> {
  const { q, sort, dir, published, page } = listServicesInput.parse(input);
  const supabase = await staffSupabase();
  let query = supabase.from('services').select('*', { count: 'exact' });
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
