/** Part of the browser's JavaScript (json-ld-script.tsx); the builders in json-ld.server.ts stay on the server. */
import type { JsonLd } from './types';

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes so text
 * from the CMS or the database can never close the script element.
 */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
