/**
 * Pages change with a PAGE_TRANSITION_SECONDS fade (framer-motion, see motion-page.tsx).
 *
 * Kept out of the initial JavaScript (ARCHITECTURE §4, 120 KiB budget): the first page never
 * animates (its server HTML must stay visible), so it renders in a plain div while the motion
 * wrapper loads when the browser is idle. From the first page change on, each page mounts in the
 * motion wrapper, keyed by path, and fades in. The fade is opacity only, so section offsets are
 * right while it runs; visitors who prefer reduced motion get no animation.
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '../../features/navigation/section-scroll';

type MotionPageComponent = ComponentType<{ children: ReactNode; animate: boolean }>;

let MotionPage: MotionPageComponent | undefined;
let loading: Promise<void> | undefined;

function loadMotionPage(): Promise<void> {
  // The animation features too, so the first page change does not wait for them.
  loading ??= Promise.all([import('./motion-page'), import('./motion-features')]).then(
    ([module]) => {
      MotionPage = module.default;
    },
    (error: unknown) => {
      loading = undefined; // try again on the next page
      console.warn('[page-transition] could not load the animation code', error);
    },
  );
  return loading;
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 200);
  return () => window.clearTimeout(timer);
}

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const leftFirstPage = useRef(false);
  if (pathname !== firstPath) leftFirstPage.current = true;
  const [, setLoaded] = useState(false);

  useEffect(() => whenIdle(() => void loadMotionPage().then(() => setLoaded(true))), []);

  if (!leftFirstPage.current || !MotionPage) {
    return (
      <div key={pathname} className="page-transition">
        {children}
      </div>
    );
  }
  return (
    <MotionPage key={pathname} animate={!prefersReducedMotion()}>
      {children}
    </MotionPage>
  );
}
