/**
 * One row's history from the audit log, for the row's admin page:
 * `<AuditTrail table="events" rowId={event.id} />` (routes may render it; reload it with `key`).
 */
import { useEffect, useState } from 'react';
import { fetchAuditEntries, type AuditEntry } from '../../lib/supabase/audit-log';
import { AuditEntries } from './audit-entries';

export function AuditTrail({ table, rowId }: { table: string; rowId: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    fetchAuditEntries({ table, rowId }).then(
      (found) => current && setEntries(found),
      (error: unknown) => {
        console.error('[admin] reading the audit log failed:', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [table, rowId]);
  return (
    <section className="audit-trail" aria-labelledby={`audit-${rowId}`}>
      <h2 id={`audit-${rowId}`}>History</h2>
      {failed ? (
        <p role="alert">Could not load this record&apos;s history. Reload the page to try again.</p>
      ) : entries === null ? (
        <p role="status">Loading the history…</p>
      ) : entries.length === 0 ? (
        <p>No changes recorded yet.</p>
      ) : (
        <AuditEntries entries={entries} showRow={false} />
      )}
    </section>
  );
}
