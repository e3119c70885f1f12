/** Reads of the audit log (staff only: public.audit_log_entries), and what changed between two row images. */
import type { Database, Json } from '../../../../supabase/database.types';
import { getBrowserSupabase } from './browser-client';

export type AuditEntry = Database['public']['Functions']['audit_log_entries']['Returns'][number];

export interface AuditQuery {
  /** A table name (events) to read one table's entries; with rowId, one row's history. */
  table?: string;
  rowId?: string;
  limit?: number;
  /** Entries older than this id (the last one shown), to page back. */
  beforeId?: number;
}

/** Newest first; throws with the database's message when the read fails. */
export async function fetchAuditEntries({ table, rowId, limit = 50, beforeId }: AuditQuery): Promise<AuditEntry[]> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.rpc('audit_log_entries', {
    p_table_name: table,
    p_row_id: rowId,
    p_limit: limit,
    p_before_id: beforeId,
  });
  if (error) throw new Error(error.message);
  return data;
}

/** Who the customer or visitor is, by the table the change is in (a signed-out visitor acts as `anon`). */
const visitorByTable: Record<string, string> = {
  orders: 'the customer',
  order_items: 'the customer',
  order_participants: 'the customer',
  enquiries: 'the visitor who sent it',
  event_registrations: 'the registrant',
  newsletter_subscribers: 'the subscriber',
};

/**
 * Who made a change, in words: the staff member's e-mail, or else what the database role stands
 * for: a signed-out visitor (anon) is the customer or visitor; service_role is the system (the
 * server's own work, such as M-Pesa callbacks, or a script with the service key); any other role
 * is a script or a migration.
 */
export function actorName(entry: { actor_email: string | null; actor_role: string; table_name: string }): string {
  if (entry.actor_email) return entry.actor_email;
  if (entry.actor_role === 'anon' || entry.actor_role === 'authenticated') {
    return visitorByTable[entry.table_name.replace(/^public\./, '')] ?? 'a visitor';
  }
  if (entry.actor_role === 'service_role') return 'the system (server or script)';
  return 'a script or migration';
}

const isObject = (value: Json): value is { [key: string]: Json | undefined } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields whose value differs between the two images (updated_at, which every write moves, left out). */
export function changedFields(before: Json, after: Json): string[] {
  const old = isObject(before) ? before : {};
  const next = isObject(after) ? after : {};
  const keys = new Set([...Object.keys(old), ...Object.keys(next)]);
  keys.delete('updated_at');
  return [...keys].filter((key) => JSON.stringify(old[key]) !== JSON.stringify(next[key])).sort();
}
