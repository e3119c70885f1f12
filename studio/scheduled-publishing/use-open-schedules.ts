/**
 * The open schedules (waiting, being published, failed), kept current: fetched, then fetched again
 * whenever a schedule changes (the lake's listener), so a badge turns to "failed" or goes away as
 * the worker records its outcome.
 */
import { useEffect, useState } from 'react';
import { useClient } from 'sanity';
import type { PublishSchedule } from '../../supabase/functions/publish-scheduled/schedule-document.ts';
import { openSchedules } from './schedule-commands.ts';

export const STUDIO_API_VERSION = '2025-02-19';

export interface OpenSchedules {
  schedules: PublishSchedule[] | undefined;
  error: string | undefined;
}

export function useOpenSchedules(documentId?: string): OpenSchedules {
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const [state, setState] = useState<OpenSchedules>({ schedules: undefined, error: undefined });

  useEffect(() => {
    let current = true;
    const load = () =>
      openSchedules(client, documentId).then(
        (schedules) => current && setState({ schedules, error: undefined }),
        (error: unknown) => current && setState((s) => ({ ...s, error: String(error) })),
      );
    void load();
    const subscription = client
      .listen('*[_type == "publishSchedule"]', {}, { events: ['mutation'], includeResult: false, visibility: 'query' })
      .subscribe({ next: () => void load() });
    return () => {
      current = false;
      subscription.unsubscribe();
    };
  }, [client, documentId]);

  return state;
}
