/** Watches a content folder and calls back once per burst of changes (editors write files in several steps). */
import { watch, type FSWatcher } from 'node:fs';

export interface ContentWatcher {
  close(): void;
}

/** Seed files and their binaries; editor swap and backup files are not content. */
function isContentPath(name: string | null): boolean {
  if (name === null) return true;
  const base = name.split(/[\\/]/).pop() ?? '';
  if (base.startsWith('.') || base.endsWith('~') || base.endsWith('.swp') || base.endsWith('.tmp')) return false;
  return name.endsWith('.ndjson') || /^(images|files)([\\/]|$)/.test(name);
}

export function watchContent(
  dir: string,
  onChange: () => void,
  onError: (error: Error) => void,
  debounceMs = 150,
): ContentWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dir, { recursive: true }, (_event, name) => {
    if (!isContentPath(name)) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  });
  watcher.on('error', onError);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
