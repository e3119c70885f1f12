import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../http/ports.ts';
import { startChildService, type RunningChildService } from './child-service.ts';
import { supervise, type Supervised } from './supervise.ts';

const dir = mkdtempSync(join(tmpdir(), 'ascent-supervise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real child process: a tiny HTTP server answering with its own pid. */
async function serviceOnFreePort(name: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = `require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(${port}, '127.0.0.1')`;
  const start = () =>
    startChildService({
      name,
      command: process.execPath,
      args: ['-e', script],
      env: {},
      ports: [port],
      pidFile: join(dir, `${name}.pid`),
      ready: () =>
        fetch(url).then(
          (r) => r.ok,
          () => false,
        ),
    });
  return { url, start };
}

/** Log lines as they come, and a way to await the one matching a pattern. */
function logBook() {
  const lines: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  return {
    lines,
    log(line: string) {
      lines.push(line);
      for (const waiter of waiting.filter((w) => w.pattern.test(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    },
    next(pattern: RegExp): Promise<string> {
      return new Promise((resolve) => waiting.push({ pattern, resolve }));
    },
  };
}

describe('supervise', () => {
  it('restarts a service killed with SIGKILL, saying so, and it answers again', async () => {
    const book = logBook();
    const { url, start } = await serviceOnFreePort('pinger');
    const gaveUp: Error[] = [];
    const service: Supervised<RunningChildService> = await supervise({
      name: 'pinger',
      start,
      log: book.log,
      onGiveUp: (error) => gaveUp.push(error),
    });
    const firstPid = service.current().pid;
    expect(await (await fetch(url)).text()).toBe(String(firstPid));

    const restarted = book.next(/pinger restarted/);
    process.kill(firstPid, 'SIGKILL');
    await restarted;
    expect(book.lines[0]).toBe('pinger exited unexpectedly (signal SIGKILL): restarting it');
    const secondPid = service.current().pid;
    expect(secondPid).not.toBe(firstPid);
    expect(await (await fetch(url)).text()).toBe(String(secondPid));

    // Stopping is not dying: no restart follows.
    await service.stop();
    await expect(fetch(url)).rejects.toThrow();
    expect(book.lines.filter((line) => /restart/.test(line))).toHaveLength(2);
    expect(gaveUp).toEqual([]);
  });

  it('neither restarts nor reports a service that exits once the whole stack is stopping', async () => {
    const book = logBook();
    const { url, start } = await serviceOnFreePort('grouped');
    let stackStopping = false;
    let started = 0;
    const service = await supervise({
      name: 'grouped',
      start: () => {
        started += 1;
        return start();
      },
      log: book.log,
      onGiveUp: () => {},
      stackStopping: () => stackStopping,
    });
    // As a SIGTERM to the process group: the stack is told, and the service ends on its own.
    stackStopping = true;
    const pid = service.current().pid;
    const exited = service.current().exited;
    process.kill(pid, 'SIGTERM');
    expect(await exited).toBe('signal SIGTERM');
    await service.stop();
    await expect(fetch(url)).rejects.toThrow();
    expect({ started, lines: book.lines }).toEqual({ started: 1, lines: [] });
  });

  it('gives up on the third exit within the window, and does not restart it again', async () => {
    const book = logBook();
    const { url, start } = await serviceOnFreePort('flaky');
    let gaveUp: (error: Error) => void = () => {};
    const gaveUpWith = new Promise<Error>((resolve) => (gaveUp = resolve));
    const service = await supervise({ name: 'flaky', start, log: book.log, onGiveUp: gaveUp, restartPauseMs: 10 });

    for (let restart = 1; restart <= 2; restart += 1) {
      const back = book.next(/flaky restarted/);
      process.kill(service.current().pid, 'SIGKILL');
      await back;
    }
    process.kill(service.current().pid, 'SIGKILL');
    const error = await gaveUpWith;
    expect(error.message).toBe('flaky keeps dying: it exited 3 times within 60 s (last: signal SIGKILL)');
    await expect(fetch(url)).rejects.toThrow();
    expect(book.lines.filter((line) => /restarted/.test(line))).toHaveLength(2);
    await service.stop();
  });

  it('counts a restart that fails as another exit', async () => {
    const book = logBook();
    const { start } = await serviceOnFreePort('doomed');
    let attempts = 0;
    let gaveUp: (error: Error) => void = () => {};
    const gaveUpWith = new Promise<Error>((resolve) => (gaveUp = resolve));
    const service = await supervise({
      name: 'doomed',
      // Starts once; every restart fails, as when its port was taken meanwhile.
      start: () => (attempts++ === 0 ? start() : Promise.reject(new Error('Port 1 (doomed) is already in use'))),
      log: book.log,
      onGiveUp: gaveUp,
      restartPauseMs: 10,
    });
    process.kill(service.current().pid, 'SIGKILL');
    const error = await gaveUpWith;
    expect(error.message).toBe(
      'doomed keeps dying: it exited 3 times within 60 s (last: its restart failed: Port 1 (doomed) is already in use)',
    );
    expect(attempts).toBe(3);
    expect(book.lines).toEqual([
      'doomed exited unexpectedly (signal SIGKILL): restarting it',
      'doomed could not be restarted (Port 1 (doomed) is already in use): trying again',
    ]);
    await service.stop();
  });
});
