import { describe, expect, it } from 'vitest';
import { deferRouteModules, takeModulePreloads } from './deferred-hydration.server';

/** The route-modules script as React Router 7's <Scripts /> writes it (fog of war on), without </script>. */
const routeModules = `<script nonce="n0" type="module" async="">;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/site-layout-2.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-3.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/site-layout":route1};

import("/assets/entry.client-3.js");`;

const preloads = ['/assets/entry.client-3.js', '/assets/root-1.js', '/assets/runtime-4.js'];

describe('deferRouteModules', () => {
  const deferred = deferRouteModules(routeModules, preloads)!;

  it("keeps the element, its nonce and React Router's own statements, the client entry last", () => {
    expect(deferred.startsWith('<script nonce="n0" type="module" async="">')).toBe(true);
    expect(deferred).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/site-layout":route1};');
    expect(deferred.trimEnd().endsWith('import("/assets/entry.client-3.js");')).toBe(true);
  });

  it('imports the route modules dynamically, the first (the framework and root) in a task of its own, only after the wait', () => {
    expect(deferred).not.toMatch(/^import \* as/m);
    expect(deferred).toMatch(/^const route0 = await \(\(\) => \{$/m);
    const imports = [
      '  return import("/assets/root-1.js").finally(() => { if (limit) Object.defineProperty(Error, \'stackTraceLimit\', limit); });',
      '})();',
      'await new Promise((next) => setTimeout(next, 0));',
      'const [route1] = await Promise.all([import("/assets/site-layout-2.js")]);',
    ].join('\n');
    expect(deferred).toContain(imports);
    const wait = deferred.indexOf("addEventListener('load'");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThan(deferred.indexOf('modulepreload'));
    expect(deferred.indexOf('modulepreload')).toBeLessThan(deferred.indexOf(imports));
    expect(deferred.indexOf(imports)).toBeLessThan(deferred.indexOf('window.__reactRouterRouteModules'));
  });

  it('runs as a module: the rewritten text parses', () => {
    const body = deferred.slice(deferred.indexOf('>') + 1);
    // An async function body accepts the same top-level await a module does.
    expect(() => new Function(`return (async () => {${body.replaceAll('import(', 'load(')}})`)).not.toThrow();
  });

  it('waits for the LCP image painted (or load), a first interaction, or 3 s, then adds the preloads', async () => {
    const body = deferred.slice(deferred.indexOf('>') + 1);
    const lcpImage = { matches: (selector: string) => selector === 'img[fetchpriority="high"]' };
    const heading = { matches: () => false };
    const run = (readyState: string, hasImage = true, fetchAtOnce = true) => {
      const listeners = new Map<string, () => void>();
      const appended: Array<{ rel: string; href: string; onload?: () => void; onerror?: () => void }> = [];
      const loaded: string[] = [];
      const timers: Array<{ callback: () => void; ms?: number }> = [];
      const yields: number[] = [];
      // Error.stackTraceLimit as each module is evaluated.
      const stackLimits: Array<number | undefined> = [];
      const paints: Array<
        (list: { getEntries(): Array<{ element: object }> }, observer: { disconnect(): void }) => void
      > = [];
      class PerformanceObserver {
        static supportedEntryTypes = ['largest-contentful-paint'];
        constructor(callback: (typeof paints)[number]) {
          paints.push(callback);
        }
        observe() {}
      }
      const page = {
        document: {
          readyState,
          // Each preloaded file is fetched in the task after its link is added.
          head: {
            append: (link: (typeof appended)[number]) => {
              appended.push(link);
              if (fetchAtOnce) setImmediate(() => link.onload?.());
            },
          },
          createElement: () => ({ relList: { supports: (rel: string) => rel === 'modulepreload' } }),
          querySelector: () => (hasImage ? lcpImage : null),
        },
        PerformanceObserver,
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
        removeEventListener: (type: string) => listeners.delete(type),
        // A zero-delay timer is the yield between the imports: it runs on its own (counted).
        setTimeout: (callback: () => void, ms?: number) =>
          ms === 0 ? (yields.push(loaded.length), setImmediate(callback)) : timers.push({ callback, ms }),
        requestAnimationFrame: (callback: () => void) => callback(),
        load: (specifier: string) => {
          loaded.push(specifier);
          stackLimits.push(page.Error.stackTraceLimit);
          return Promise.resolve({});
        },
        window: {} as Record<string, unknown>,
        Error: { stackTraceLimit: 10 },
      };
      const script = new Function(
        ...Object.keys(page),
        `return (async () => {${body.replaceAll('import(', 'load(')}})()`,
      ) as (...args: unknown[]) => Promise<void>;
      const done = script(...Object.values(page));
      const paint = (element: object) => {
        for (const callback of paints) callback({ getEntries: () => [{ element }] }, { disconnect() {} });
      };
      return { listeners, appended, loaded, timers, yields, paint, done, window: page.window, stackLimits, page };
    };
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const imports = ['/assets/root-1.js', '/assets/site-layout-2.js', '/assets/entry.client-3.js'];

    // Nothing is fetched before the LCP image's paint is reported (a heading's paint is not it).
    const loading = run('loading');
    await settle();
    expect([...loading.listeners.keys()].sort()).toEqual(['keydown', 'load', 'pointerdown']);
    loading.paint(heading);
    expect(loading.timers.map((timer) => timer.ms)).toEqual([3000]);
    loading.paint(lcpImage);
    expect(loading.timers).toHaveLength(2);
    await settle();
    expect(loading.loaded).toEqual([]);
    expect(loading.appended).toEqual([]);
    loading.timers[1]!.callback(); // the task after the paint
    await loading.done;
    expect(loading.appended.map((link) => [link.rel, link.href])).toEqual(
      preloads.map((url) => ['modulepreload', url]),
    );
    expect(loading.loaded).toEqual(imports);
    // One yield, after the first module and before the others.
    expect(loading.yields).toEqual([1]);
    expect(Object.keys(loading.window.__reactRouterRouteModules as object)).toEqual(['root', 'routes/site-layout']);
    expect(loading.listeners.has('pointerdown')).toBe(false);

    // A paint that is never reported (not the largest, or no such reports): 500 ms after load.
    const unreported = run('loading');
    unreported.listeners.get('load')!();
    expect(unreported.timers.map((timer) => timer.ms)).toEqual([3000, 500]);
    unreported.timers[1]!.callback();
    await unreported.done;
    expect(unreported.loaded).toEqual(imports);

    // No image to wait for: the frame after load.
    const textOnly = run('complete', false);
    expect(textOnly.timers.map((timer) => timer.ms)).toEqual([3000, undefined]);
    textOnly.timers[1]!.callback();
    await textOnly.done;
    expect(textOnly.loaded).toEqual(imports);

    // A press before any of it starts it at once.
    const pressed = run('interactive');
    pressed.listeners.get('pointerdown')!();
    await pressed.done;
    expect(pressed.loaded).toEqual(imports);

    // A page whose image never paints nor loads still hydrates at the cap.
    const stalled = run('interactive');
    stalled.timers[0]!.callback();
    await stalled.done;
    expect(stalled.loaded).toEqual(imports);

    // The framework file is evaluated without Error.stackTraceLimit (V8 then records no stacks to
    // parse it again for), only once it is fetched; the limit is back for everything after it.
    expect(stalled.stackLimits).toEqual([undefined, 10, 10]);
    expect(Object.getOwnPropertyDescriptor(stalled.page.Error, 'stackTraceLimit')).toEqual({
      value: 10,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    const slowFetch = run('interactive', true, false);
    slowFetch.listeners.get('keydown')!();
    await settle();
    await settle();
    expect(slowFetch.appended).toHaveLength(preloads.length);
    expect(slowFetch.loaded).toEqual([]);
    expect(slowFetch.page.Error.stackTraceLimit).toBe(10);
    // A file that fails to load is imported all the same (the import reports the failure).
    const framework = slowFetch.appended.find((link) => link.href === '/assets/root-1.js')!;
    expect(framework.onload).toBe(framework.onerror);
    framework.onload!();
    await slowFetch.done;
    expect(slowFetch.loaded).toEqual(imports);
    expect(slowFetch.stackLimits).toEqual([undefined, 10, 10]);
  });

  it('leaves any other script alone', () => {
    expect(deferRouteModules('<script type="module">import "/x.js"; console.log(1);', preloads)).toBeNull();
    expect(deferRouteModules('<script nonce="n">window.__reactRouterContext = {};', preloads)).toBeNull();
  });
});

describe('takeModulePreloads', () => {
  it('takes the module preloads out and keeps their URLs, leaving every other tag', () => {
    expect(
      takeModulePreloads(
        '<link rel="modulepreload" href="/assets/a.js" fetchpriority="low"/><link rel="preload" as="image" href="/i.svg"/><link rel="modulepreload" nonce="n" href="/b.js">',
      ),
    ).toEqual({ head: '<link rel="preload" as="image" href="/i.svg"/>', preloads: ['/assets/a.js', '/b.js'] });
  });
});
