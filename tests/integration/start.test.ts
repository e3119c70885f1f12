/**
 * `npm start` as a user runs it: a real child process on free ports and a throwaway data folder.
 * Up, every port answering, restart on a seeded database, Ctrl-C/SIGTERM, kill -9 recovery, and
 * a taken port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
    WEB_PORT: String(await freePort()),
  };
}
type Ports = Awaited<ReturnType<typeof portsEnv>>;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Ports): Started {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

async function waitForOutput(started: Started, pattern: RegExp, timeoutMs = 60_000): Promise<number> {
  const begin = Date.now();
  while (!pattern.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`start exited early:\n${started.output()}`);
    if (Date.now() - begin > timeoutMs) throw new Error(`timed out waiting for ${pattern}:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - begin;
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

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', { timeout: 180_000 }, () => {
  let env: Ports;

  it('brings every service up on a fresh folder, migrated and seeded, and prints URLs and keys', async () => {
    env = await portsEnv();
    const first = start(env);
    await waitForOutput(first, /local stack is up/);
    expect(first.output()).toMatch(/applied migrations/);
    expect(first.output()).toMatch(/seeded an empty database/);
    expect(first.output()).toContain(`http://127.0.0.1:${env.LOCAL_API_PORT}`);
    expect(first.output()).toMatch(/anon key\s+eyJ/);
    expect(await everyPortAnswers(env)).toEqual({ api: 200, auth: 200, db: 200, mail: 200, content: 200, web: 200 });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    for (const port of [
      env.LOCAL_API_PORT,
      env.LOCAL_DB_PORT,
      env.LOCAL_REST_PORT,
      env.LOCAL_CONTENT_PORT,
      env.WEB_PORT,
    ]) {
      expect(await portIsFree(port)).toBe(true);
    }
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
