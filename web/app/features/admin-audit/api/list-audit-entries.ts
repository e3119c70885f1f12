/** A page of the whole audit log, newest first (staff only: public.audit_log_entries), optionally older than an entry shown. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { AuditEntry } from '../../../lib/supabase/audit-log';

export const AUDIT_PAGE_SIZE = 50;

export const listAuditEntriesInput = z.object({ beforeId: z.number().int().positive().optional() });

export async function listAuditEntries(input: z.input<typeof listAuditEntriesInput>): Promise<AuditEntry[]> {
  const { beforeId } = listAuditEntriesInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('audit_log_entries', { p_limit: AUDIT_PAGE_SIZE, p_before_id: beforeId });
  if (error) throw error;
  return data;
}
