/**
 * Whether the page has hydrated: server-rendered blocks keep their server HTML only while it
 * hydrates (server-rendered.tsx). A module of its own so the root, which marks it, does not bring
 * the blocks' code to pages without blocks.
 */
let hydrated = false;

/** Called once by the root after the first (hydrating) render has committed. */
export function markHydrated(): void {
  hydrated = true;
  // Presses held until now on the root's own controls are made again (lib/early-presses.ts).
  window.__releasePresses?.();
}

export function isHydrated(): boolean {
  return hydrated;
}
