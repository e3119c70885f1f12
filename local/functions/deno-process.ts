/**
 * One edge function in its own Deno process, as the platform gives each function its own isolate:
 * `deno run` on the function's `index.ts` with its `deno.json` (import map) and `deno.lock`, the
 * narrow permissions of deno-permissions.ts, and its `Deno.serve` moved onto a Unix socket by
 * the preloaded serve-on-socket.ts. Resolves once the function listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { denoEnvironment, denoExecutable } from './deno-runtime.ts';
import { permissionFlags } from './deno-permissions.ts';

const preload = join(import.meta.dirname, 'deno', 'serve-on-socket.ts');
/** What serve-on-socket.ts prints once `Deno.serve` listens. */
const listeningLine = 'listening';
/** A first start may fetch the function's npm: packages; later ones take well under a second. */
const bootTimeoutMs = 120_000;
const stopGraceMs = 5_000;

export interface FunctionProcess {
  socketPath: string;
  /** The Deno process's id (the soak kills the mail worker by it). */
  pid: number;
  /** Settles when the process has ended (stopped, crashed or killed). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export interface FunctionProcessOptions {
  name: string;
  /** supabase/functions/<name>: holds index.ts, deno.json and deno.lock. */
  functionDir: string;
  socketPath: string;
  /** The function's settings: its whole environment, as on the platform. */
  env: Record<string, string>;
  log: (line: string) => void;
}

function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
  return exited.finally(() => clearTimeout(kill));
}

export function startFunctionProcess(options: FunctionProcessOptions): Promise<FunctionProcess> {
  const { name, functionDir, socketPath, env, log } = options;
  const config = join(functionDir, 'deno.json');
  const args = [
    'run',
    // The locked versions only (deno.lock beside deno.json): a changed import map fails here.
    '--frozen',
    existsSync(config) ? `--config=${config}` : '--no-config',
    ...permissionFlags(env, socketPath),
    `--preload=${preload}`,
    join(functionDir, 'index.ts'),
    socketPath,
  ];
  const child = spawn(denoExecutable(), args, {
    cwd: functionDir,
    env: { ...denoEnvironment(), ...env },
    // Its stdin is never written: when this process ends, however it ends, the function sees EOF and exits.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stderrTail: string[] = [];

  return new Promise((resolve, reject) => {
    let listening = false;
    const fail = (reason: string) => {
      clearTimeout(timer);
      const detail = stderrTail.join('\n');
      reject(new Error(`${name} did not start: ${reason}${detail ? `\n${detail}` : ''}`));
    };
    const timer = setTimeout(() => {
      fail(`not listening after ${bootTimeoutMs / 1000} s`);
      void stopProcess(child, exited);
    }, bootTimeoutMs);

    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!listening && line === listeningLine) {
        listening = true;
        clearTimeout(timer);
        resolve({ socketPath, pid: child.pid!, exited, stop: () => stopProcess(child, exited) });
        return;
      }
      log(`[functions:${name}] ${line}`);
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      // Deno reports fetching npm: packages on stderr; keep only what says something went wrong.
      if (/^Download /.test(line)) return;
      // Before it listens, what it says is the reason it did not start: part of that error.
      if (listening) log(`[functions:${name}] ${line}`);
      else stderrTail.push(line);
    });
    child.once('error', (error) => fail(error.message));
    void exited.then(() => {
      if (!listening) fail(`exited with ${child.exitCode ?? child.signalCode}`);
    });
  });
}
