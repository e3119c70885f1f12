/**
 * When held presses go through (lib/early-presses.ts): once the root has hydrated and the parts
 * that hydrate after it, their code loading first (components/ui/server-ready-lazy.tsx), have
 * too, so a press in such a part reaches it rather than the browser.
 */
let rootHydrated = false;
let partsWaiting = 0;
/** Parts whose code never comes do not hold presses longer than this. */
const partsWaitMs = 10_000;

function release(_?: number): void {
  if (rootHydrated && partsWaiting === 0) window.__releasePresses?.();
}

/** Called once the root's first (hydrating) render has committed. */
export function rootHasHydrated(): void {
  rootHydrated = true;
  setTimeout(() => release((partsWaiting = 0)), partsWaitMs);
  release();
}

/** A part that hydrates after the root; call what it returns once it has. */
export function partWillHydrate(): () => void {
  partsWaiting += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    partsWaiting -= 1;
    release();
  };
}
