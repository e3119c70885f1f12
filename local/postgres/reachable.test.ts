/**
 * As root, a data folder under a private (mode 700) folder, as a clone in /root is: the start says
 * in one sentence what to do instead of failing inside initdb with "Permission denied".
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../http/ports.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { folderPostgresCannotEnter } from './reachable.ts';

const base = mkdtempSync(join(tmpdir(), 'ascent-reach-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A home folder of mode 700 (as /root) holding the project, under a folder anyone may enter. */
function privateHome(): { home: string; dataDir: string } {
  chmodSync(base, 0o755);
  const home = mkdtempSync(join(base, 'home-'));
  chmodSync(home, 0o700);
  const dataDir = join(home, 'ascent', '.data', 'postgres');
  return { home, dataDir };
}

describe('a data folder the postgres user cannot reach', () => {
  it.runIf(process.getuid?.() === 0)(
    'stops the start with one sentence naming the folder and what to do (as root)',
    async () => {
      const { home, dataDir } = privateHome();
      const start = startEmbeddedPostgres({ dataDir, port: await freePort(), password: 'postgres' });
      await expect(start).rejects.toThrow(
        `PostgreSQL runs as the user postgres (not as root), which cannot enter ${home} (mode 700): set LOCAL_DATA_DIR to a folder outside it (e.g. /var/lib/ascent), or let it pass through with chmod o+x ${home}`,
      );
    },
  );

  it('finds the first folder on the way that others cannot enter, and none on an open path', () => {
    const { home, dataDir } = privateHome();
    mkdirSync(join(home, 'ascent'), { recursive: true });
    expect(folderPostgresCannotEnter([dataDir], undefined)).toBe(home);
    chmodSync(home, 0o711);
    expect(folderPostgresCannotEnter([dataDir], undefined)).toBeUndefined();
  });
});
