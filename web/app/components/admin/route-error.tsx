/**
 * An admin route's ErrorBoundary body: what its clientLoader could not read, in words
 * (describeDbError; a thrown `notFound('words')` speaks for itself), under the page's heading.
 */
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { describeDbError } from './describe-db-error';

/**
 * A clientLoader's "no such record", for the ErrorBoundary: a plain Response, which the router
 * turns into an error response as it would react-router's data(); importing data() would add an
 * export to the shared chunk every public page loads (the JS budget).
 */
export function notFound(words: string): Response {
  return new Response(words, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

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

export interface RecordPlace {
  /** The record's kind, lower case: "order" makes "Order not found" and "No order has this address." */
  kind: string;
  /** The list to go back to: `{ to: '/admin/orders', label: 'Back to the orders' }`. */
  back: { to: string; label: string };
}

/** A record's page at an address that names no record: "Order not found", and the way back. */
function RecordMissing({ kind, back }: RecordPlace) {
  return (
    <>
      <h1>{`${kind.charAt(0).toUpperCase()}${kind.slice(1)} not found`}</h1>
      <p>
        No {kind} has this address. <Link to={back.to}>{back.label}</Link>
      </p>
    </>
  );
}

/**
 * The ErrorBoundary of a record's page: a thrown `notFound` is "Order not found" with the way back
 * to the list (no alarm: a mistyped or old link); any other failure is in words.
 */
export function AdminRecordError({ kind, back }: RecordPlace) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <RecordMissing kind={kind} back={back} />;
  return (
    <AdminRouteError heading={`${kind.charAt(0).toUpperCase()}${kind.slice(1)}`}>
      <p>
        <Link to={back.to}>← {back.label}</Link>
      </p>
    </AdminRouteError>
  );
}
