/**
 * The animated page wrapper: framer-motion's LazyMotion with `m.div`, whose animation features
 * (domAnimation) load in their own chunk. Loaded by PageTransition after the first page is
 * interactive, so none of framer-motion is in the initial JavaScript.
 */
import { LazyMotion, m } from 'framer-motion';
import type { ReactNode } from 'react';
import { PAGE_TRANSITION_SECONDS } from '../config/shell';

const loadFeatures = () => import('./motion-features').then((module) => module.default);

export default function MotionPage({ children, animate }: { children: ReactNode; animate: boolean }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <m.div
        className="page-transition"
        initial={animate ? { opacity: 0 } : false}
        animate={{ opacity: 1 }}
        transition={{ duration: PAGE_TRANSITION_SECONDS, ease: 'easeOut' }}
      >
        {children}
      </m.div>
    </LazyMotion>
  );
}
