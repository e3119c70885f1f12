/**
 * One record of an admin page (an order, an enquiry, an event's registrations), read by its id
 * from the URL and again whenever `reload` is called. An id that is not a UUID is a record that
 * does not exist, not a database error. While a reload runs, the record on screen stays.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isUuid } from '../../lib/uuid';
import { describeDbError } from './describe-db-error';

export type RecordLoad<Data> =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; record: Data };

/** `fetchRecord` answers null (or undefined) when no record has the id. */
export function useRecord<Data>(
  id: string,
  fetchRecord: (id: string) => Promise<Data | null | undefined>,
): [RecordLoad<Data>, reload: () => void] {
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<{ id: string; load: RecordLoad<Data> } | null>(null);
  const read = useEffectEvent(fetchRecord);
  useEffect(() => {
    if (!isUuid(id)) return;
    let current = true;
    read(id).then(
      (record) =>
        current && setAnswer({ id, load: record == null ? { state: 'missing' } : { state: 'ready', record } }),
      (error: unknown) => current && setAnswer({ id, load: { state: 'failed', message: describeDbError(error) } }),
    );
    return () => {
      current = false;
    };
  }, [id, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  if (!isUuid(id)) return [{ state: 'missing' }, reload];
  // An answer for another id is not this record's, whatever its state.
  return [answer?.id === id ? answer.load : { state: 'loading' }, reload];
}
