/**
 * The browser entry: hydrates the page. The document's module script imports it last, once the
 * route modules are registered, so hydration never starts before them (lib/hydrate-document.tsx).
 */
import { hydrateDocument } from './lib/hydrate-document';

hydrateDocument();
