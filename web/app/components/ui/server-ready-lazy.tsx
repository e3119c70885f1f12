/**
 * A component whose code is a chunk of its own, for what a page rarely shows (the maintenance
 * page): the server loads the code as it starts and renders the component at once; the browser
 * fetches the chunk only when a page shows the component, and hydration waits for it there.
 */
import { lazy, type ComponentType } from 'react';

export function serverReadyLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | undefined;
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
    return <Component {...props} />;
  }
  return ServerReady;
}
