/** Stops a process left behind by a run that was killed (kill -9 leaves children running). */
import { readFileSync } from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process's command line, or '' when it is gone or unreadable. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Sends `signal` to `pid` when it is still alive and its command line mentions `expected`
 * (so a recycled pid of an unrelated process is left alone), then waits up to 10 s for it to go.
 */
export async function stopStaleProcess(
  pid: number,
  expected: string,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return;
  if (!commandLine(pid).includes(expected)) return;
  process.kill(pid, signal);
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
