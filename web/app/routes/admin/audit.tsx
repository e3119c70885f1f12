/**
 * /admin/audit: the whole audit log, newest first, 50 at a time. The first page comes with the
 * page (clientLoader; a failed read is the ErrorBoundary); "Show older entries" adds the next 50
 * below the ones shown.
 */
import { useState } from 'react';
import { adminMeta } from '../../shell/admin/admin-meta';
import { AdminRouteError } from '../../components/admin/route-error';
import { describeDbError } from '../../components/admin/describe-db-error';
import { AUDIT_PAGE_SIZE, listAuditEntries } from '../../features/admin-audit/api/list-audit-entries';
import type { AuditEntry } from '../../lib/supabase/audit-log';
import { AuditEntries } from '../../shell/admin/audit-entries';
import type { Route } from './+types/audit';

export function meta() {
  return adminMeta('Audit log');
}

export async function clientLoader() {
  return listAuditEntries({});
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Audit log" />;
}

const intro = 'Every change made to the catalogue, orders and settings: who, when, and what changed.';

export default function AdminAudit({ loaderData: firstPage }: Route.ComponentProps) {
  const [older, setOlder] = useState<AuditEntry[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>(firstPage.length < AUDIT_PAGE_SIZE ? 'done' : 'idle');
  const [failure, setFailure] = useState<string | null>(null);
  const entries = [...firstPage, ...older];

  async function showOlder() {
    setState('loading');
    setFailure(null);
    try {
      const page = await listAuditEntries({ beforeId: entries.at(-1)?.id });
      setOlder((shown) => [...shown, ...page]);
      setState(page.length < AUDIT_PAGE_SIZE ? 'done' : 'idle');
    } catch (error) {
      console.error('[admin] reading the audit log failed:', error);
      setFailure(describeDbError(error));
      setState('idle');
    }
  }

  return (
    <section>
      <h1>Audit log</h1>
      <p>{intro}</p>
      {entries.length > 0 && <AuditEntries entries={entries} showRow />}
      {state === 'loading' && <p role="status">Loading…</p>}
      {failure && <p role="alert">{failure}</p>}
      {state === 'done' && entries.length === 0 && <p>No changes recorded yet.</p>}
      {state === 'idle' && (
        <button type="button" className="button button--secondary" onClick={() => void showOlder()}>
          {failure ? 'Try again' : 'Show older entries'}
        </button>
      )}
    </section>
  );
}
