/**
 * Image renders run in a few child processes, never in the lake's own: a render that passes its
 * deadline has its process killed (sharp's own timeout does not stop every operation: an entropy
 * crop to 25 megapixels ran 22 s past a 10 s timeout, six at once took the process to 3.1 GB),
 * at most `workers` render at once, at most `queueLimit` more wait, and a wait counts against the
 * same deadline. Processes start when first needed and stay for the next render.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Plan, Size } from './image-geometry.ts';
import type { ImageSpec, OutputFormat } from './image-params.ts';

export interface RenderJob {
  /** The source image on disk: the render process reads it, so a waiting job holds no bytes. */
  filePath: string;
  isSvg: boolean;
  original: Size;
  spec: ImageSpec;
  plan: Plan;
  format: OutputFormat;
}

/** `code`: a file-system error's (ENOENT when the asset's file went away). */
export type RenderReply = { id: number; body: Uint8Array } | { id: number; error: string; code?: string };

/** A render not done in time, or not even started because too many wait: the caller answers 503. */
export class RenderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderRefusedError';
  }
}

export interface RenderPoolOptions {
  workers: number;
  queueLimit: number;
  deadlineMs: number;
}

export interface RenderPool {
  render(job: RenderJob): Promise<Buffer>;
  /** The render processes alive now (tests watch them stop). */
  pids(): number[];
  close(): void;
}

interface Pending {
  id: number;
  job: RenderJob;
  resolve(body: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  worker?: Worker;
}

interface Worker {
  child: ChildProcess;
  current?: Pending;
}

const childPath = join(import.meta.dirname, 'render-child.ts');

export function createRenderPool({ workers: size, queueLimit, deadlineMs }: RenderPoolOptions): RenderPool {
  const workers = new Set<Worker>();
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function settle(pending: Pending): void {
    clearTimeout(pending.timer);
    if (pending.worker) pending.worker.current = undefined;
  }

  function spawnWorker(): Worker {
    // Structured clone carries the image bytes both ways without a JSON copy.
    const child = fork(childPath, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const worker: Worker = { child };
    // An idle render process does not keep the lake's process alive.
    child.unref();
    child.channel?.unref();
    child.on('message', (message: RenderReply) => {
      const pending = worker.current;
      if (!pending || pending.id !== message.id) return;
      settle(pending);
      if ('body' in message)
        pending.resolve(Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength));
      else pending.reject(Object.assign(new Error(message.error), { code: message.code }));
      dispatch();
    });
    child.once('exit', () => {
      workers.delete(worker);
      const pending = worker.current;
      if (pending) {
        settle(pending);
        pending.reject(new RenderRefusedError('The image render stopped before it finished'));
      }
      dispatch();
    });
    workers.add(worker);
    return worker;
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      let idle = [...workers].find((worker) => !worker.current && worker.child.connected);
      if (!idle && workers.size < size) idle = spawnWorker();
      if (!idle) return;
      const pending = queue.shift()!;
      pending.worker = idle;
      idle.current = pending;
      idle.child.send({ id: pending.id, job: pending.job });
    }
  }

  return {
    render(job) {
      const busy = [...workers].filter((worker) => worker.current).length;
      if (closed) return Promise.reject(new RenderRefusedError('The image renderer has stopped'));
      if (busy >= size && queue.length >= queueLimit) {
        return Promise.reject(
          new RenderRefusedError(`Too many images are being rendered (${size} at once, ${queueLimit} waiting)`),
        );
      }
      return new Promise<Buffer>((resolve, reject) => {
        const pending: Pending = {
          id: nextId++,
          job,
          resolve,
          reject,
          timer: setTimeout(() => {
            const waiting = queue.indexOf(pending);
            if (waiting !== -1) queue.splice(waiting, 1);
            // Killing the process is what stops the work; its exit settles nothing more for this one.
            const worker = pending.worker;
            settle(pending);
            if (worker) {
              // Gone from the pool at once: no render is handed to it while it dies.
              workers.delete(worker);
              worker.child.kill('SIGKILL');
            }
            reject(new RenderRefusedError(`The image took longer than ${deadlineMs / 1000} s to render`));
          }, deadlineMs),
        };
        queue.push(pending);
        dispatch();
      });
    },
    pids: () => [...workers].flatMap((worker) => (worker.child.pid === undefined ? [] : [worker.child.pid])),
    close() {
      closed = true;
      for (const pending of queue.splice(0)) {
        clearTimeout(pending.timer);
        pending.reject(new RenderRefusedError('The image renderer has stopped'));
      }
      for (const worker of workers) worker.child.kill('SIGKILL');
    },
  };
}
