/**
 * Waits for a page's live reads before it shows, for back/forward navigations: the router puts
 * the visitor back at their old scroll position as the page renders, so the lists must have their
 * rows by then, not skeletons that grow afterwards and carry the view away. Reads still running at
 * the time limit stay promises (the block streams them in as on any other visit); a read whose
 * stream broke stays a promise too, so its block shows its error state.
 */
import type { LiveData, LiveRead, StreamedLiveData } from './types';

/** Each read in `reads` that has finished by `deadline`, as its outcome; the others as they are. */
async function settleAll<Rows>(
  reads: Record<string, LiveRead<Rows>>,
  deadline: Promise<void>,
): Promise<Record<string, LiveRead<Rows>>> {
  const settled: Record<string, LiveRead<Rows>> = { ...reads };
  const outcomes = Object.entries(reads).map(([key, read]) =>
    Promise.resolve(read).then(
      (outcome) => {
        settled[key] = outcome;
      },
      () => undefined,
    ),
  );
  await Promise.race([Promise.all(outcomes), deadline]);
  return { ...settled };
}

export async function settleLiveData(live: StreamedLiveData | LiveData, withinMs: number): Promise<LiveData> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, withinMs);
  });
  try {
    const [stats, eventList, programList, serviceList] = await Promise.all([
      settleAll(live.stats, deadline),
      settleAll(live.eventList, deadline),
      settleAll(live.programList, deadline),
      settleAll(live.serviceList, deadline),
    ]);
    return { stats, eventList, programList, serviceList, catalogue: live.catalogue };
  } finally {
    clearTimeout(timer);
  }
}
