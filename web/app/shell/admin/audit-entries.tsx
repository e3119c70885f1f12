/** A list of audit entries: when, who, what happened and which fields changed. */
import { changedFields, type AuditEntry } from '../../lib/supabase/audit-log';

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

const verbs: Record<string, string> = { INSERT: 'created', UPDATE: 'changed', DELETE: 'deleted' };

export function AuditEntries({ entries, showRow }: { entries: AuditEntry[]; showRow: boolean }) {
  return (
    <ol className="audit-entries">
      {entries.map((entry) => {
        const fields = changedFields(entry.before, entry.after);
        // No e-mail: not a signed-in person but a database role (a script or a migration), named as such.
        const who = entry.actor_email ?? `a script (${entry.actor_role.replaceAll('_', ' ')})`;
        return (
          <li key={entry.id}>
            <time dateTime={entry.occurred_at}>{when.format(new Date(entry.occurred_at))}</time> <strong>{who}</strong>{' '}
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
