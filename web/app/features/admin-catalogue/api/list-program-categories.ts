/** The program categories in use, sorted: the program form chooses among them (a new one is added on purpose). */
import { staffSupabase } from '../../../lib/supabase/staff-client';

export async function listProgramCategories(): Promise<string[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('training_programs').select('category');
  if (error) throw error;
  return [...new Set(data.map((row) => row.category))].sort((a, b) => a.localeCompare(b));
}
