/** Deletes one catalogue row or intake; a row already gone is PGRST116 ("not found"), as a read's. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { catalogueTables } from './set-published';

export const deleteCatalogueRowInput = z.object({
  table: z.enum([...catalogueTables, 'program_intakes']),
  id: z.uuid(),
});

export async function deleteCatalogueRow(input: z.input<typeof deleteCatalogueRowInput>): Promise<void> {
  const { table, id } = deleteCatalogueRowInput.parse(input);
  const supabase = await staffSupabase();
  const { error, count } = await supabase.from(table).delete({ count: 'exact' }).eq('id', id);
  if (error) throw error;
  if (count === 0) throw { code: 'PGRST116', message: 'not found' };
}
