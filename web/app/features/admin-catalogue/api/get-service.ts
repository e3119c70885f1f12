/** a service by its id, for its edit page; null when no row has the id (or the id cannot be one). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

export const getServiceInput = z.object({ id: z.string() });

export async function getService(
  input: z.input<typeof getServiceInput>,
): Promise<Database['public']['Tables']['services']['Row'] | null> {
  const { id } = getServiceInput.parse(input);
  if (!z.uuid().safeParse(id).success) return null;
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('services').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}
