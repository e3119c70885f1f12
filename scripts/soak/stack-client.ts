/**
 * Starts the soak's stack in a process of its own (stack-process.ts) and drives it over IPC:
 * the same SoakStack the phases use, its services off the load generator's thread. The stack's
 * own output goes to `logPath`.
 */
import { fork } from 'node:child_process';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SoakStack } from './soak-stack.ts';
import type { StackCommand, StackMessage } from './stack-protocol.ts';

const child = fileURLToPath(new URL('./stack-process.ts', import.meta.url));

export function startStackProcess(logPath: string, log: (line: string) => void): Promise<SoakStack> {
  const output = openSync(logPath, 'a');
  const process = fork(child, [], { stdio: ['ignore', output, output, 'ipc'] });
  const waiting = new Map<number, { resolve(result: string | undefined): void; reject(error: Error): void }>();
  let nextId = 1;
  const exited = new Promise<void>((resolve) => process.once('exit', () => resolve()));

  function command(which: StackCommand): Promise<string | undefined> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      process.send({ id, command: which });
    });
  }
  return new Promise((resolve, reject) => {
    process.once('exit', (code) => {
      reject(new Error(`the soak's stack exited (code ${code}) before it was ready: see ${logPath}`));
      for (const pending of waiting.values()) pending.reject(new Error(`the soak's stack exited: see ${logPath}`));
    });
    process.on('message', (message: StackMessage) => {
      if (message.type === 'log') log(message.line);
      if (message.type === 'reply') {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error === undefined) pending?.resolve(message.result);
        else pending?.reject(new Error(message.error));
      }
      if (message.type !== 'ready') return;
      const call = (which: StackCommand) => command(which).then(() => undefined);
      resolve({
        ...message.info,
        killPostgres: () => call({ name: 'killPostgres' }),
        startPostgres: () => call({ name: 'startPostgres' }),
        setContentMode: (mode) => call({ name: 'contentMode', mode }),
        mail: { stopSmtp: () => call({ name: 'stopSmtp' }), startSmtp: () => call({ name: 'startSmtp' }) },
        async mailWorkerPid() {
          const pid = await command({ name: 'mailWorkerPid' });
          return pid === undefined ? undefined : Number(pid);
        },
        async coldWebsite() {
          const url = (await command({ name: 'startColdWebsite' })) ?? '';
          return { url, stop: () => call({ name: 'stopColdWebsite', url }) };
        },
        async stop() {
          if (process.connected) process.send({ id: 0, command: { name: 'stop' } });
          await exited;
        },
      });
    });
  });
}
