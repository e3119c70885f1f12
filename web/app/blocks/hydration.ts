/**
 * Hydration, for the root and the blocks: the root marks its own hydration (held presses go
 * through then), and server-rendered parts keep their server HTML only while they hydrate
 * (server-rendered.tsx, server-parts.tsx, enquiry-form-loader.tsx). A module of its own so the
 * root, which marks it, does not bring the blocks' code to pages without blocks.
 */
import { useSyncExternalStore } from 'react';
import { rootHasHydrated } from '../lib/hydration-parts';

/** Called once by the root after the first (hydrating) render has committed. */
export function markHydrated(): void {
  rootHasHydrated();
}

const noSubscription = () => () => {};

/**
 * True while React hydrates the calling component from the server's HTML (and on the server),
 * false when the browser renders it afresh (after a client-side navigation). Not the root's
 * hydration: a part in a Suspense boundary of its own (the blocks that render in the browser,
 * components/ui/server-ready-lazy.tsx) hydrates after the root has. For a first render's state:
 * once hydrated, the component renders again with false.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
