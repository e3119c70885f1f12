/** The CMS fields the SEO builders read, structurally (typegen's query results satisfy them), and what they build. */

export interface SeoImage {
  alt?: string | null;
  hotspot?: { x: number; y: number } | null;
  asset: { url: string } | null;
}

export interface SeoFields {
  title?: string | null;
  description?: string | null;
  noIndex?: boolean | null;
  shareImage?: SeoImage | null;
}

/** Site settings as far as SEO needs them (a subset of SITE_SETTINGS_QUERY's result). */
export interface SeoSettings {
  instituteName: string;
  tagline?: string | null;
  logo?: SeoImage | null;
  phone: string;
  email: string;
  address: { street: string; area?: string; city: string; country: string };
  socialLinks?: ReadonlyArray<{ platform: string; url: string }> | null;
  defaultSeo?: SeoFields | null;
}

/** One schema.org JSON-LD node (built on the server by json-ld.server.ts, serialised into the page by json-ld-script.tsx). */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string } & { [key: string]: unknown };
