/**
 * One row's history from the audit log, for the row's admin page. The route's clientLoader reads
 * it beside the row (`readHistory`), so React Router reads it again after each of the route's
 * actions; `<AuditTrail rowId={id} history={history} />` shows it.
 */
import { fetchAuditEntries, type AuditEntry } from '../../lib/supabase/audit-log';
import { AuditEntries } from './audit-entries';

/** The row's history, or null when it could not be read: the page still shows the row. */
export async function readHistory(table: string, rowId: string): Promise<AuditEntry[] | null> {
  try {
    return await fetchAuditEntries({ table, rowId });
  } catch (error) {
    console.error('[admin] reading the audit log failed:', error);
    return null;
  }
}

export function AuditTrail({ rowId, history }: { rowId: string; history: AuditEntry[] | null }) {
  return (
    <section className="audit-trail" aria-labelledby={`audit-${rowId}`}>
      <h2 id={`audit-${rowId}`}>History</h2>
      {history === null ? (
        <p role="alert">Could not load this record&apos;s history. Reload the page to try again.</p>
      ) : history.length === 0 ? (
        <p>No changes recorded yet.</p>
      ) : (
        <AuditEntries entries={history} showRow={false} />
      )}
    </section>
  );
}
