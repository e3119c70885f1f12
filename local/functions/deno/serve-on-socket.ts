/**
 * Preloaded (`deno run --preload`) before a function's own `index.ts`, which stays as deployed:
 * its `Deno.serve(handler)` listens on the Unix socket named by the first argument instead of
 * port 8000, prints `listening` when it does, and answers a thrown error as the platform does.
 * The process ends when its stdin closes, so it never outlives the stack that started it.
 */
import { workerError } from '../platform-errors.ts';

const socketPath = Deno.args[0];
if (!socketPath) throw new Error('usage: deno run --preload serve-on-socket.ts <function>/index.ts <socket path>');

const serve = Deno.serve;

/**
 * Reads stdin to its end, which comes when the parent went away. Started once serving: work left
 * pending by a preloaded module keeps the main module from starting.
 */
async function exitWhenStdinCloses(): Promise<void> {
  for await (const _chunk of Deno.stdin.readable);
  Deno.exit(0);
}

/** The handler out of any of Deno.serve's call forms: (handler), (options, handler), ({ handler }). */
function handlerOf(args: unknown[]): Deno.ServeHandler {
  const [first, second] = args;
  if (typeof first === 'function') return first as Deno.ServeHandler;
  if (typeof second === 'function') return second as Deno.ServeHandler;
  return (first as { handler: Deno.ServeHandler }).handler;
}

Deno.serve = ((...args: unknown[]) =>
  serve(
    {
      path: socketPath,
      onListen: () => {
        console.log('listening');
        void exitWhenStdinCloses();
      },
      onError: (error) => {
        console.error('threw:', error);
        return workerError();
      },
    },
    handlerOf(args),
  )) as typeof Deno.serve;
