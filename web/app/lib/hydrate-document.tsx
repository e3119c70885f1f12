/**
 * Hands the server-rendered document to React (React Router's default client entry, as a
 * function). It lives in the `framework` file that every page loads, and runs only when the
 * client entry calls it, after the document's module script has registered the route modules
 * (see web/vite/chunk-groups.ts and lib/document-head/deferred-hydration.server.ts).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

export function hydrateDocument(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
