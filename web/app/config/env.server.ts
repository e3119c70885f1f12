/** The website's settings, validated once at start-up: every missing or malformed one is listed. */
import { z } from 'zod';

function isEd25519PrivateJwk(value: string): boolean {
  try {
    const jwk = JSON.parse(value) as Record<string, unknown>;
    return (
      jwk.kty === 'OKP' &&
      jwk.crv === 'Ed25519' &&
      [jwk.d, jwk.x, jwk.kid].every((part) => typeof part === 'string' && part)
    );
  } catch {
    return false;
  }
}

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(20),
  SANITY_PROJECT_ID: z.string().min(1),
  SANITY_DATASET: z.string().min(1),
  SANITY_API_VERSION: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2025-02-19'),
  SANITY_API_HOST: z.union([z.url(), z.literal('')]).default(''),
  SITE_URL: z.url(),
  // A Sanity token with read access, for preview mode's drafts (docs/preview.md); empty: preview off.
  SANITY_PREVIEW_TOKEN: z.string().default(''),
  // The Ed25519 private key (a JWK) that signs certificate credentials (docs/certificates.md).
  CERTIFICATE_SIGNING_KEY: z.string().refine(isEd25519PrivateJwk, 'a private Ed25519 JWK with kid, as JSON'),
});

export type ServerEnv = z.infer<typeof schema>;

let cached: ServerEnv | undefined;

function describe(error: z.ZodError, source: Record<string, string | undefined>): string[] {
  return error.issues.map((issue) => {
    const name = issue.path.join('.');
    const value = source[name];
    return `${name}: ${value === undefined || value === '' ? 'missing' : issue.message}`;
  });
}

/** Each missing or invalid setting as `NAME: problem`; empty when `source` is a usable environment. */
export function serverEnvProblems(source: Record<string, string | undefined>): string[] {
  const parsed = schema.safeParse(source);
  return parsed.success ? [] : describe(parsed.error, source);
}

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = describe(parsed.error, process.env).join('\n  ');
    throw new Error(`The website's settings are invalid or missing (see .env.example):\n  ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** What the browser may know: public values only (the anon key is public by design; RLS guards data). */
export interface PublicEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  sanityProjectId: string;
  sanityDataset: string;
  sanityApiHost: string;
  /** The public origin (no trailing slash), for canonical URLs, Open Graph and JSON-LD. */
  siteUrl: string;
}

export function publicEnv(): PublicEnv {
  const env = serverEnv();
  return {
    supabaseUrl: env.SUPABASE_URL,
    supabaseAnonKey: env.SUPABASE_ANON_KEY,
    sanityProjectId: env.SANITY_PROJECT_ID,
    sanityDataset: env.SANITY_DATASET,
    sanityApiHost: env.SANITY_API_HOST,
    siteUrl: env.SITE_URL.replace(/\/+$/, ''),
  };
}
