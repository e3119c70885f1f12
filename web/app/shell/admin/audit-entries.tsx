/** A list of audit entries: when, who, what happened and which fields changed. */
import { formatDateTime } from '../../lib/staff-time';
import { actorName, changedFields, type AuditEntry } from '../../lib/supabase/audit-log';

const verbs: Record<string, string> = { INSERT: 'created', UPDATE: 'changed', DELETE: 'deleted' };

export function AuditEntries({ entries, showRow }: { entries: AuditEntry[]; showRow: boolean }) {
  return (
    <ol className="audit-entries">
      {entries.map((entry) => {
        const fields = changedFields(entry.before, entry.after);
        const who = actorName(entry);
        return (
          <li key={entry.id}>
            <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time> <strong>{who}</strong>{' '}
            {verbs[entry.action] ?? entry.action}{' '}
            {showRow ? (
              <>
                {entry.table_name.replace(/^public\./, '')} <code>{entry.row_id}</code>
              </>
            ) : (
              'this record'
            )}
            {entry.action === 'UPDATE' && fields.length > 0 && <> ({fields.join(', ')})</>}
          </li>
        );
      })}
    </ol>
  );
}
