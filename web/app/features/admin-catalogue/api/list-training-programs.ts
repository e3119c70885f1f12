/** One page of the training programs list: search, published filter, sort and page from the URL. */
import type { z } from 'zod';
import { pageRange } from '../../../components/admin/list-params';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';
import { ilikeAnyFilter } from '../../../lib/supabase/ilike-filter';
import { catalogueListInput, listDefaults, PAGE_SIZE } from './catalogue-list-input';

export type TrainingProgramRow = Database['public']['Tables']['training_programs']['Row'];

export const trainingProgramSortable = ['title', 'category', 'price_amount', 'sort_order', 'is_published'] as const;
export const trainingProgramListDefaults = listDefaults(trainingProgramSortable, 'sort_order');
export const listTrainingProgramsInput = catalogueListInput(trainingProgramSortable);
const searchColumns = ['title', 'category', 'focus'];

export async function listTrainingPrograms(
  input: z.input<typeof listTrainingProgramsInput>,
): Promise<{ rows: TrainingProgramRow[]; total: number }> {
  const { q, sort, dir, published, page } = listTrainingProgramsInput.parse(input);
  const supabase = await staffSupabase();
  let query = supabase.from('training_programs').select('*', { count: 'exact' });
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
