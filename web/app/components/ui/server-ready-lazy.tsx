/**
 * A component whose code is a chunk of its own, for what only some pages show (the maintenance
 * page, the blocks that render in the browser): the server loads the code as it starts and
 * renders the component at once; the browser fetches the chunk only when a page shows the
 * component. It sits in a Suspense boundary of its own: the rest of the page hydrates without
 * waiting for the chunk, and the server's HTML stays in place until the component hydrates there
 * (a press on it meanwhile is held: lib/early-presses.ts). Without the boundary the whole root
 * would wait, and React renders a root afresh when it is updated before it has hydrated,
 * replacing every element a visitor may have pressed. `preload` fetches the code ahead of a
 * client-side render, and runs the component's own `preload` (code it loads later) if it has one.
 */
import { lazy, memo, Suspense, useState, type ComponentType } from 'react';
import { partWillHydrate } from '../../lib/hydration-parts';
import { OnCommit } from './on-commit';

type Preloadable = { preload?: () => Promise<void> };

export function serverReadyLazy<P extends object>(
  load: () => Promise<ComponentType<P> & Preloadable>,
): ComponentType<P> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P> & Preloadable> | undefined;
  const fetchComponent = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk load (offline, new deployment): the next render tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => fetchComponent().then((component) => ({ default: component })));
  if (import.meta.env.SSR) fetchComponent().catch((error: unknown) => console.error('[lazy] component code:', error));
  function ServerReady(props: P) {
    const Component = loaded ?? Lazy;
    // Hydrating before its code is here: held presses wait until this part has hydrated too.
    const [hydrated] = useState(() => (loaded || import.meta.env.SSR ? null : partWillHydrate()));
    return (
      <Suspense fallback={null}>
        <Component {...props} />
        {hydrated ? <OnCommit run={hydrated} /> : null}
      </Suspense>
    );
  }
  const preload = () => fetchComponent().then((component) => component.preload?.());
  // A boundary still waiting to hydrate that gets new props is rendered afresh, dropping the
  // server's HTML: memo keeps the page's re-renders with the same props from reaching it.
  return Object.assign(memo(ServerReady), { preload });
}
