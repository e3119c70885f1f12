/**
 * `npm start` as a user runs it: a real child process on free ports and a throwaway data folder.
 * Up, every port answering, restart on a seeded database, Ctrl-C/SIGTERM, kill -9 recovery, a
 * taken port, and supervision: PostgreSQL and the website restarted after kill -9, and the whole
 * stack stopped when the website keeps dying.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../local/config.ts';
import { repoRoot } from '../../local/env.ts';
import { freePort } from '../../local/http/ports.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ascent-start-'));
const running = new Set<ChildProcess>();

async function portsEnv() {
  const rest = await freePort();
  return {
    LOCAL_DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOCAL_API_PORT: String(await freePort()),
    LOCAL_DB_PORT: String(await freePort()),
    LOCAL_REST_PORT: String(rest),
    LOCAL_SMTP_PORT: String(await freePort()),
    LOCAL_MAIL_WEB_PORT: String(await freePort()),
    LOCAL_CONTENT_PORT: String(await freePort()),
    LOCAL_DARAJA_PORT: String(await freePort()),
    WEB_PORT: String(await freePort()),
  };
}
type Ports = Awaited<ReturnType<typeof portsEnv>>;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start`; with `ownGroup`, the leader of a process group of its own, as a terminal or service manager runs it. */
function start(env: Ports, { ownGroup = false } = {}): Started {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** Resolves (with the milliseconds it took) as soon as the output matches `pattern`. */
function waitForOutput(started: Started, pattern: RegExp, timeoutMs = 60_000): Promise<number> {
  const begin = Date.now();
  const { child } = started;
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve(Date.now() - begin);
    };
    // start() collects output in listeners added before these, so output() is current here.
    const check = () => {
      if (pattern.test(started.output())) settle();
    };
    const exited = () => {
      if (pattern.test(started.output())) settle();
      else settle(new Error(`start exited before printing ${pattern}:\n${started.output()}`));
    };
    const timer = setTimeout(
      () => settle(new Error(`timed out waiting for ${pattern}:\n${started.output()}`)),
      timeoutMs,
    );
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null) exited();
    else check();
  });
}

async function everyPortAnswers(env: Ports): Promise<Record<string, number | string>> {
  const key = loadConfig().env.SUPABASE_ANON_KEY;
  const status = (url: string, init?: RequestInit) =>
    fetch(url, init).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
  const db = new pg.Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${env.LOCAL_DB_PORT}/postgres`,
  });
  const dbAnswer = await db.connect().then(
    () => db.query('select 1').then(() => 200),
    (e: Error) => e.message,
  );
  await db.end().catch(() => {});
  return {
    api: await status(`http://127.0.0.1:${env.LOCAL_API_PORT}/rest/v1/`, { headers: { apikey: key } }),
    auth: await status(`http://127.0.0.1:${env.LOCAL_API_PORT}/auth/v1/health`),
    db: dbAnswer,
    mail: await status(`http://127.0.0.1:${env.LOCAL_MAIL_WEB_PORT}/`),
    content: await status(
      `http://127.0.0.1:${env.LOCAL_CONTENT_PORT}/v2025-02-19/data/query/production?query=count(*)`,
    ),
    web: await status(`http://127.0.0.1:${env.WEB_PORT}/about`),
  };
}

function portIsFree(port: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(Number(port), '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The stack's ports something still listens on (none once it has stopped). */
async function stackPortsInUse(env: Ports): Promise<string[]> {
  const ports = [
    env.LOCAL_API_PORT,
    env.LOCAL_DB_PORT,
    env.LOCAL_REST_PORT,
    env.LOCAL_CONTENT_PORT,
    env.LOCAL_DARAJA_PORT,
    env.WEB_PORT,
  ];
  const free = await Promise.all(ports.map(portIsFree));
  return ports.filter((_, i) => !free[i]);
}

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The ports and data folder every run in this file shares (set by the first test). */
let env: Ports;

describe('npm start', { timeout: 180_000 }, () => {
  it('brings every service up on a fresh folder, migrated and seeded, and prints URLs and keys', async () => {
    env = await portsEnv();
    const first = start(env);
    await waitForOutput(first, /local stack is up/);
    expect(first.output()).toMatch(/applied migrations/);
    expect(first.output()).toMatch(/seeded an empty database/);
    expect(first.output()).toContain(`http://127.0.0.1:${env.LOCAL_API_PORT}`);
    expect(first.output()).toMatch(/anon key\s+eyJ/);
    // One address for the Studio and its API (the Studio calls <projectId>.localhost), no bare https://localhost.
    const studioOrigin = `https://ascent.localhost:${env.LOCAL_CONTENT_PORT}`;
    expect(first.output()).toContain(`the Studio reaches it at ${studioOrigin}`);
    expect(first.output()).toContain(`${studioOrigin}/studio/`);
    expect(first.output()).not.toContain('https://localhost');
    expect(await everyPortAnswers(env)).toEqual({ api: 200, auth: 200, db: 200, mail: 200, content: 200, web: 200 });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await stackPortsInUse(env)).toEqual([]);
  });

  it('restarts on the seeded database within 20 seconds without seeding again', async () => {
    const again = start(env);
    const elapsed = await waitForOutput(again, /local stack is up/);
    expect(elapsed).toBeLessThan(20_000);
    expect(again.output()).toMatch(/database schema up to date/);
    expect(again.output()).not.toMatch(/seeded an empty database/);
    expect(await everyPortAnswers(env)).toMatchObject({ api: 200, db: 200, web: 200 });
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('stops quietly when its whole process group gets SIGTERM, restarting nothing', async () => {
    const grouped = start(env, { ownGroup: true });
    await waitForOutput(grouped, /local stack is up/);
    // As `kill -TERM -<pgid>`, a service manager's stop or Ctrl-C: PostgREST and the website get it too.
    process.kill(-(grouped.child.pid ?? 0), 'SIGTERM');
    expect(await grouped.exited).toBe(0);
    expect(grouped.output()).not.toMatch(/unexpectedly|restart/);
    expect(await stackPortsInUse(env)).toEqual([]);
  });

  it('recovers by itself after the previous run was killed with kill -9', async () => {
    const crashed = start(env);
    await waitForOutput(crashed, /local stack is up/);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    // The killed run's PostgreSQL and PostgREST are still running, holding their ports.
    expect(await portIsFree(env.LOCAL_DB_PORT)).toBe(false);

    const recovered = start(env);
    await waitForOutput(recovered, /local stack is up/);
    expect(await everyPortAnswers(env)).toEqual({ api: 200, auth: 200, db: 200, mail: 200, content: 200, web: 200 });
    recovered.child.kill('SIGTERM');
    expect(await recovered.exited).toBe(0);
  });

  it('names the port and the service when a port is already taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(env.LOCAL_API_PORT), '127.0.0.1', resolve));
    const blocked = start(env);
    const code = await blocked.exited;
    blocker.close();
    expect(code).toBe(1);
    expect(blocked.output()).toContain(`Port ${env.LOCAL_API_PORT} (Supabase API gateway) is already in use`);
  });
});

/** Answers `url` until it answers 200, for at most `timeoutMs`; the last status otherwise. */
async function statusOnceUp(url: string, init: RequestInit = {}, timeoutMs = 30_000): Promise<number | string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(url, init).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
    if (answer === 200 || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm start supervision', { timeout: 180_000 }, () => {
  let run: Started;
  const websitePid = () => Number(readFileSync(join(dataDir, 'website.pid'), 'utf8'));
  const restarts = (name: string) => run.output().split(`${name} restarted`).length - 1;

  it('restarts PostgreSQL after kill -9, and the API reads the database again', async () => {
    run = start(env);
    await waitForOutput(run, /local stack is up/);
    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    await waitForOutput(run, /PostgreSQL restarted/, 30_000);
    expect(run.output()).toContain('PostgreSQL exited unexpectedly (signal SIGKILL): restarting it');
    // PostgREST reconnects by itself; a read through the gateway reaches the restarted database.
    const key = loadConfig().env.SUPABASE_ANON_KEY;
    const services = `http://127.0.0.1:${env.LOCAL_API_PORT}/rest/v1/services?select=id&limit=1`;
    expect(await statusOnceUp(services, { headers: { apikey: key } })).toBe(200);
  });

  it('brings the website back by itself within seconds after kill -9', async () => {
    const killedAt = Date.now();
    process.kill(websitePid(), 'SIGKILL');
    await waitForOutput(run, /website restarted/, 30_000);
    expect(run.output()).toContain('website exited unexpectedly (signal SIGKILL): restarting it');
    expect((await fetch(`http://127.0.0.1:${env.WEB_PORT}/about`)).status).toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
  });

  it('stops the whole stack with a clear message when the website keeps dying', async () => {
    // Killed again and again, as by the OOM killer: the third exit within a minute ends the run.
    process.kill(websitePid(), 'SIGKILL');
    await waitForOutput(run, /website restarted[\s\S]*website restarted/, 30_000);
    expect(restarts('website')).toBe(2);
    process.kill(websitePid(), 'SIGKILL');
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(
      '✖ website keeps dying: it exited 3 times within 60 s (last: signal SIGKILL). The local stack has stopped.',
    );
    expect(restarts('website')).toBe(2);
    // Never half up: every service stopped with it.
    expect(await stackPortsInUse(env)).toEqual([]);
  });
});
