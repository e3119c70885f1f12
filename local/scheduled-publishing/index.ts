/**
 * The scheduled-publishing worker in the local stack: every `everyMs`, publishes the content lake's
 * due schedules with the lake's token, never two runs at once, as a hosted project's scheduled
 * function does every minute (supabase/functions/publish-scheduled).
 */
import type { LakeSettings } from '../../supabase/functions/publish-scheduled/lake-api.ts';
import { publishDueSchedules } from '../../supabase/functions/publish-scheduled/publish-due.ts';

export interface ScheduledPublishing {
  /** Resolves once the run in progress (if any) has ended. */
  stop(): Promise<void>;
}

export function startScheduledPublishing(options: {
  lake: LakeSettings;
  everyMs: number;
  log: (line: string) => void;
  now?: () => Date;
}): ScheduledPublishing {
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // Say so once per failure streak, not every few seconds.
  let failing = false;

  async function run(): Promise<void> {
    try {
      const { published, failed } = await publishDueSchedules(options.lake, { now });
      for (const item of published) options.log(`scheduled publishing: published ${item.documentId}`);
      for (const item of failed) options.log(`scheduled publishing: ${item.documentId} failed: ${item.error}`);
      if (failing) options.log('scheduled publishing works again');
      failing = false;
    } catch (error) {
      if (!failing) options.log(`scheduled publishing failed: ${String(error)} (retrying every ${options.everyMs} ms)`);
      failing = true;
    }
  }

  function next(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then(next);
    }, options.everyMs);
  }
  next();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
