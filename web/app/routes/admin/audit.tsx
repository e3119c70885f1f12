/** /admin/audit: the whole audit log, newest first, 50 at a time. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { useEffect, useState } from 'react';
import { fetchAuditEntries, type AuditEntry } from '../../lib/supabase/audit-log';
import { AuditEntries } from '../../shell/admin/audit-entries';

const pageSize = 50;

export function meta() {
  return adminMeta('Audit log');
}

export default function AdminAudit() {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [state, setState] = useState<'loading' | 'idle' | 'failed' | 'done'>('loading');

  function show(page: AuditEntry[]) {
    setEntries((shown) => [...shown, ...page]);
    setState(page.length < pageSize ? 'done' : 'idle');
  }

  function fail(error: unknown) {
    console.error('[admin] reading the audit log failed:', error);
    setState('failed');
  }

  useEffect(() => {
    let current = true;
    fetchAuditEntries({ limit: pageSize }).then(
      (page) => current && show(page),
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section>
      <h1>Audit log</h1>
      <p>Every change made to the catalogue, orders and settings: who, when, and what changed.</p>
      {entries.length > 0 && <AuditEntries entries={entries} showRow />}
      {state === 'loading' && <p role="status">Loading…</p>}
      {state === 'failed' && <p role="alert">Could not load the audit log. Check your connection and try again.</p>}
      {state === 'done' && entries.length === 0 && <p>No changes recorded yet.</p>}
      {(state === 'idle' || state === 'failed') && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setState('loading');
            fetchAuditEntries({ limit: pageSize, beforeId: entries.at(-1)?.id }).then(show, fail);
          }}
        >
          {state === 'failed' ? 'Try again' : 'Show older entries'}
        </button>
      )}
    </section>
  );
}
