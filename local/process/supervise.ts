/**
 * Keeps one service of the stack running (PostgreSQL, PostgREST, the website): one that exits
 * unexpectedly is started again, with a line saying so; one that keeps dying (3 exits within a
 * minute, a failed restart counting as one) is given up on, and the stack is told, so that it
 * stops everything instead of running half up.
 */

export interface ServiceInstance {
  /** Settles when the process ends, for whatever reason, with how: "exit code 1", "signal SIGKILL". */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface SuperviseOptions<T extends ServiceInstance> {
  name: string;
  /** Starts the service and resolves once it is ready; rejects when it cannot start. */
  start: () => Promise<T>;
  log: (line: string) => void;
  /** Called once when the service keeps dying; it is not restarted after that. */
  onGiveUp: (error: Error) => void;
  /** Exits within `windowMs` that make the supervisor give up (default 3 within 60 s). */
  maxExits?: number;
  windowMs?: number;
  /** Pause before the n-th restart in the window: n times this (default 250 ms), so a dead process's port and memory are free. */
  restartPauseMs?: number;
  /**
   * True once the whole stack is stopping (before this service's own stop() is reached): an exit
   * then is part of the stop, as when SIGTERM or Ctrl-C reaches the stack's whole process group.
   */
  stackStopping?: () => boolean;
}

export interface Supervised<T extends ServiceInstance> {
  /** The instance running now (a restart replaces it). */
  current(): T;
  stop(): Promise<void>;
}

/** How a process ended, for log lines: "exit code 1", "signal SIGKILL". */
export function exitDescription(code: number | null, signal: string | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Starts the service (a failure to start at all is thrown, not retried) and watches it. */
export async function supervise<T extends ServiceInstance>(options: SuperviseOptions<T>): Promise<Supervised<T>> {
  const { name, log } = options;
  const maxExits = options.maxExits ?? 3;
  const windowMs = options.windowMs ?? 60_000;
  const pauseMs = options.restartPauseMs ?? 250;
  const exits: number[] = [];
  let instance = await options.start();
  let stopped = false;
  const stopping = () => stopped || (options.stackStopping?.() ?? false);
  let recovering: Promise<void> | undefined;

  async function recover(how: string): Promise<void> {
    let reason = how;
    let failedRestart = false;
    // Stopping the stack while a restart fails is not the service dying again.
    while (!stopping()) {
      const now = Date.now();
      exits.push(now);
      while (exits.length > 0 && now - (exits[0] ?? now) > windowMs) exits.shift();
      if (exits.length >= maxExits) {
        options.onGiveUp(
          new Error(
            `${name} keeps dying: it exited ${exits.length} times within ${windowMs / 1000} s (last: ${failedRestart ? 'its restart failed: ' : ''}${reason})`,
          ),
        );
        return;
      }
      // A signal to the whole process group reaches the service and the stack's own handler at
      // once, in either order: only after the pause is an exit known not to be part of a stop.
      await new Promise((resolve) => setTimeout(resolve, pauseMs * exits.length));
      if (stopping()) return;
      log(
        failedRestart
          ? `${name} could not be restarted (${reason}): trying again`
          : `${name} exited unexpectedly (${reason}): restarting it`,
      );
      const began = Date.now();
      try {
        instance = await options.start();
      } catch (error) {
        reason = firstLine(error);
        failedRestart = true;
        continue;
      }
      if (stopping()) return instance.stop();
      log(`${name} restarted (${((Date.now() - began) / 1000).toFixed(1)} s)`);
      watch(instance);
      return;
    }
  }

  function watch(watched: T): void {
    void watched.exited.then((how) => {
      if (!stopping() && watched === instance) recovering = recover(how);
    });
  }

  watch(instance);
  return {
    current: () => instance,
    async stop() {
      stopped = true;
      await recovering;
      await instance.stop();
    },
  };
}
