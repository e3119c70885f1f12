/**
 * Saves the staff's handling of an enquiry (status, assignee, internal notes; staff only, by RLS
 * policy and column grants) and answers the saved enquiry; refuses loudly when no row changed
 * (not staff, or gone).
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { enquiryColumns, type Enquiry } from '../enquiries-data';
import { enquiryStatuses } from '../enquiry-labels';

export const enquiryChangeSchema = z
  .object({
    status: z.enum(enquiryStatuses),
    assigned_to: z.uuid().nullable(),
    internal_notes: z.string().max(10000, 'The internal notes must be at most 10,000 characters.').nullable(),
  })
  .partial();
export type EnquiryChange = z.infer<typeof enquiryChangeSchema>;

export const updateEnquiryInput = z.object({ id: z.uuid(), change: enquiryChangeSchema });

export async function updateEnquiry(input: z.input<typeof updateEnquiryInput>): Promise<Enquiry> {
  const { id, change } = updateEnquiryInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.from('enquiries').update(change).eq('id', id).select(enquiryColumns);
  if (error) throw error;
  if (data.length !== 1) throw { code: 'PGRST116', message: 'No enquiry was changed.' };
  return data[0]!;
}
