/**
 * A `<script type="application/ld+json">` for data only a block knows (the Supabase rows it
 * lists): the loader builds each row's Course or Event (json-ld.server.ts, on the server) and the block
 * renders `<JsonLd data={rows.map((row) => row.jsonLd)} />` next to them. Page-level JSON-LD
 * (Organization, BreadcrumbList) goes through the routes' `meta` instead.
 */
import type { JsonLd as JsonLdData } from './types';
import { serializeJsonLd } from './serialize-json-ld';

export function JsonLd({ data }: { data: JsonLdData | readonly JsonLdData[] }) {
  if (Array.isArray(data) && data.length === 0) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
