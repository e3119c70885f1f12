/**
 * How a render says it is degraded (a dependency was down, so a live list shows its error state),
 * so the production server's page cache never stores it (web/server/page-cache.ts): a response
 * header when known before the headers go out, and an attribute on the error element when a
 * streamed part fails later (the cache finds it in the finished body).
 */
export const RENDER_DEGRADED_HEADER = 'x-render-degraded';
export const RENDER_DEGRADED_ATTRIBUTE = 'data-render-degraded';
