/**
 * The system Chromium and the flags it needs headless as root (`--no-sandbox` among them), shared by
 * Playwright, the JS budget check and Lighthouse, so no tool downloads a browser of its own.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Flags for every launch. Playwright adds `--headless` and a fresh `--user-data-dir` itself;
 * tools that launch Chromium directly (Lighthouse) add those two as well (see `standaloneChromiumFlags`).
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** The full set for a Chromium launched outside Playwright, with its own throwaway profile folder. */
export function standaloneChromiumFlags(userDataDir: string): string[] {
  return ['--headless', ...chromiumFlags, `--user-data-dir=${userDataDir}`];
}
