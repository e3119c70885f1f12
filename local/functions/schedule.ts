/**
 * Runs an edge function on a schedule, as hosted Supabase does with pg_cron + pg_net: a POST to
 * `/functions/v1/<name>` through the gateway with the service role key, every `everyMs`, never
 * two runs at once. Used by the local stack for the mail outbox worker.
 */

export interface Schedule {
  /** Resolves once the run in progress (if any) has ended. */
  stop(): Promise<void>;
}

export function scheduleFunction(options: {
  apiUrl: string;
  name: string;
  serviceRoleKey: string;
  everyMs: number;
  log: (line: string) => void;
}): Schedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // Say so once per failure streak, not every few seconds.
  let failing = false;

  async function run(): Promise<void> {
    try {
      const response = await fetch(`${options.apiUrl}/functions/v1/${options.name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.serviceRoleKey}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`answered ${response.status}`);
      if (failing) options.log(`scheduled ${options.name} works again`);
      failing = false;
    } catch (error) {
      if (!failing)
        options.log(`scheduled ${options.name} failed: ${String(error)} (retrying every ${options.everyMs} ms)`);
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
