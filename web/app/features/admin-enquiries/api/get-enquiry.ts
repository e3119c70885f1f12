/** One enquiry with its assignee, for its page; null when no enquiry has the id (or the id cannot be one). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { enquiryColumns, type Enquiry } from '../enquiries-data';

export const getEnquiryInput = z.object({ id: z.string() });

export async function getEnquiry(input: z.input<typeof getEnquiryInput>): Promise<Enquiry | null> {
  const { id } = getEnquiryInput.parse(input);
  if (!z.uuid().safeParse(id).success) return null;
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('enquiries').select(enquiryColumns).eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}
