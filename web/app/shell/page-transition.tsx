/**
 * Pages change with a PAGE_TRANSITION_SECONDS fade (framer-motion, see motion-page.tsx).
 *
 * Kept out of the initial JavaScript (the 118 KiB JavaScript budget, docs/web-server.md): the first page never
 * animates (its server HTML must stay visible), so it renders in a plain div, and the motion
 * wrapper (framer-motion's core, then its animation features) loads on the visitor's first
 * interaction or navigation. From the first page change on, each page mounts in the motion
 * wrapper, keyed by path, and fades in. The fade is opacity only, so section offsets are right
 * while it runs; visitors who prefer reduced motion get no animation.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { prefersReducedMotion } from '../features/navigation/section-offset';

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

/** The visitor's first sign of intent (moving, touching, typing): then the motion code is worth loading. */
const intentEvents = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const;

function onFirstIntent(callback: () => void): () => void {
  const fire = () => {
    remove();
    callback();
  };
  function remove() {
    for (const type of intentEvents) document.removeEventListener(type, fire, true);
  }
  for (const type of intentEvents) document.addEventListener(type, fire, { capture: true, passive: true });
  return remove;
}

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [firstPath] = useState(pathname);
  // Once the visitor has left the first page, every page animates (coming back to it included).
  const [leftFirstPage, setLeftFirstPage] = useState(false);
  if (!leftFirstPage && pathname !== firstPath) setLeftFirstPage(true);
  const [, setLoaded] = useState(false);

  // Not at page load (it would count against the page's JavaScript budget), but once the visitor
  // interacts, well before a click has fetched the next page's data; at the latest when one starts.
  useEffect(() => onFirstIntent(() => void loadMotionPage().then(() => setLoaded(true))), []);
  useEffect(() => {
    if (navigation.state !== 'idle') void loadMotionPage().then(() => setLoaded(true));
  }, [navigation.state]);

  if (!leftFirstPage || !MotionPage) {
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
