/**
 * An admin route's ErrorBoundary body: what its clientLoader could not read, in words
 * (describeDbError; a thrown `data('words', 404)` speaks for itself), under the page's heading.
 */
import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { describeDbError } from './describe-db-error';

export function routeErrorWords(error: unknown): string {
  if (isRouteErrorResponse(error) && typeof error.data === 'string') return error.data;
  return describeDbError(error);
}

export function AdminRouteError({ heading, children }: { heading: string; children?: ReactNode }) {
  const error = useRouteError();
  console.error('[admin] loading the page failed:', error);
  return (
    <section className="admin-catalogue">
      {children}
      <h1>{heading}</h1>
      <p role="alert" className="notice notice--error">
        {routeErrorWords(error)}
      </p>
    </section>
  );
}
