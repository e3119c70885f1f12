/**
 * The journal: every acknowledged write survives a kill -9 of the lake (each transaction is
 * fsynced before the reply), a restart replays it over the seed, and a torn last line (a write
 * cut short, never acknowledged) is dropped with a log line instead of refusing to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturesDir, lakeClient } from './test-lake.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  url: string;
  journal: string;
  token: string;
  stderr: () => string;
}

async function startChild(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'lake-child.ts'), fixturesDir, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`lake exited (${code}): ${stderr}`))),
  );
  const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { url, journal, token } = JSON.parse(await Promise.race([firstLine, exited])) as Omit<
    Child,
    'process' | 'stderr'
  >;
  return { process: child, url, journal, token, stderr: () => stderr };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('journal', () => {
  it('keeps every acknowledged write through a kill -9 and replays it on start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lake-journal-'));
    dirs.push(dataDir);
    const first = await startChild(dataDir);
    const client = lakeClient(first.url, undefined, undefined, undefined, first.token);
    await client.create({ _id: 'survivor', _type: 'note', n: 0 });
    for (let n = 1; n <= 20; n += 1) await client.patch('survivor').set({ n }).commit();
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.page-home',
      publishedId: 'page-home',
    });
    const before = await client.getDocument('survivor');
    await killed(first.process);

    const second = await startChild(dataDir);
    const again = lakeClient(second.url, undefined, undefined, undefined, second.token);
    expect(await again.getDocument('survivor')).toEqual(before);
    expect((await again.getDocument('page-home'))?.title).toBe('Home (draft)');
    expect(await again.getDocument('drafts.page-home')).toBeUndefined();
    expect(second.stderr()).toMatch(/replayed 22 local transaction/);
    // History survives too: the transactions of the document, oldest first.
    const history = await fetch(
      `${second.url}/v2025-02-19/data/history/fixtures/transactions/survivor?excludeContent=true`,
      { headers: { authorization: `Bearer ${second.token}` } },
    );
    expect((await history.text()).trim().split('\n')).toHaveLength(21);
  });

  it('drops a torn last line, says so, and appends after it cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lake-journal-'));
    dirs.push(dataDir);
    const first = await startChild(dataDir);
    await lakeClient(first.url, undefined, undefined, undefined, first.token).create({ _id: 'kept', _type: 'note' });
    await killed(first.process);
    appendFileSync(first.journal, '{"id":"torn","timestamp":"2026-');

    const second = await startChild(dataDir);
    expect(second.stderr()).toMatch(/dropped an incomplete last line/);
    const client = lakeClient(second.url, undefined, undefined, undefined, second.token);
    expect(await client.getDocument('kept')).toMatchObject({ _id: 'kept' });
    await client.create({ _id: 'after', _type: 'note' });
    const lines = readFileSync(second.journal, 'utf8').trim().split('\n');
    expect(
      lines.map((line) => JSON.parse(line) as { documents: { id: string }[] }).map((e) => e.documents[0]?.id),
    ).toEqual(['kept', 'after']);
  });
});
