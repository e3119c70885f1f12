/**
 * The enquiry form block as the registry serves it: its code (react-hook-form, zod) is its own
 * chunk, so only /contact loads it, and its own Suspense boundary lets the rest of the page
 * hydrate while that chunk arrives (the server's HTML shows the form meanwhile).
 */
import { lazy, Suspense } from 'react';
import type { BlockProps } from './types';

const LazyEnquiryForm = lazy(() => import('./enquiry-form').then((module) => ({ default: module.EnquiryFormBlock })));

export function EnquiryFormLoader(block: BlockProps<'enquiryForm'>) {
  return (
    <Suspense fallback={null}>
      <LazyEnquiryForm {...block} />
    </Suspense>
  );
}
