/**
 * A long-running child process of the stack (PostgREST, the website): started with a pid file so a
 * run after a crash can stop the orphan, checked until ready, stopped with SIGTERM; `exited` tells
 * its supervisor (supervise.ts) when it ends.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { assertPortFree } from '../http/ports.ts';
import { stopStaleProcess } from './stale.ts';
import { exitDescription, type ServiceInstance } from './supervise.ts';

export interface ChildServiceOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Ports the service will listen on: checked after a crashed run's orphan is stopped. */
  ports: number[];
  pidFile: string;
  /** Runs once a crashed run's orphan is stopped, just before the spawn (e.g. to clear its socket). */
  beforeSpawn?: () => void;
  /** True once the service answers. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  onLog?: (line: string) => void;
}

export interface RunningChildService extends ServiceInstance {
  pid: number;
}

export async function startChildService(options: ChildServiceOptions): Promise<RunningChildService> {
  if (existsSync(options.pidFile)) {
    await stopStaleProcess(Number(readFileSync(options.pidFile, 'utf8')), options.args[0] ?? options.command);
  }
  for (const port of options.ports) await assertPortFree(port, options.name);
  options.beforeSpawn?.();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env,
  });
  let ended: string | undefined;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve((ended = exitDescription(code, signal))));
    // A command that cannot run at all (missing, not executable) reports here and never exits.
    child.once('error', (error) => resolve((ended ??= `could not run: ${error.message}`)));
  });
  writeFileSync(options.pidFile, String(child.pid));
  const log: string[] = [];
  const onData = (chunk: Buffer) => {
    const line = chunk.toString();
    if (log.length < 200) log.push(line);
    options.onLog?.(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  try {
    while (!(await options.ready())) {
      if (ended) throw new Error(`${options.name} exited (${ended}):\n${log.join('')}`);
      if (Date.now() > deadline) throw new Error(`${options.name} did not become ready in time:\n${log.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(options.pidFile, { force: true });
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    exited,
    stop: async () => {
      if (!ended) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(options.pidFile, { force: true });
    },
  };
}
