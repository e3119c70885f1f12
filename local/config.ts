/**
 * The local stack's settings, validated once: every problem is listed, not just the first.
 * Environment settings (.env.example) plus supabase/config.toml, read as the Supabase CLI reads it.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadEnv, repoRoot } from './env.ts';
import { readSupabaseConfig } from './supabase-config/read.ts';
import type { SupabaseConfig } from './supabase-config/schema.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  DATABASE_URL: z.string(),
  LOCAL_API_PORT: port,
  LOCAL_DB_PORT: port,
  LOCAL_MAIL_WEB_PORT: port,
  LOCAL_SMTP_PORT: port,
  LOCAL_REST_PORT: port,
  LOCAL_CONTENT_PORT: port,
  LOCAL_DARAJA_PORT: port,
  LOCAL_ETIMS_PORT: port,
  WEB_PORT: port,
  LOCAL_DB_PASSWORD: z.string().min(1),
  LOCAL_DATA_DIR: z.string().min(1),
  SUPABASE_ANON_KEY: z.string().min(20),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20),
  SUPABASE_JWT_SECRET: z.string().min(32),
  AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT: positiveInt,
  AUTH_FAILED_SIGNIN_WINDOW_SECONDS: positiveInt,
  AUTH_MFA_CHALLENGE_AND_VERIFY_PER_MINUTE: positiveInt,
  SMTP_HOST: z.string().min(1),
  SMTP_PORT: port,
  SMTP_USER: z.string(),
  SMTP_PASS: z.string(),
  MAIL_FROM: z.string().min(3),
  SITE_URL: z.url(),
  CERTIFICATE_SIGNING_KEY: z.string().min(1),
  SANITY_PROJECT_ID: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
  SANITY_DATASET: z.string().regex(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and -'),
  SANITY_API_VERSION: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2025-02-19'),
  // Empty: the local Daraja stand-in (local/daraja), which the stack configures with the values below.
  MPESA_API_URL: z.union([z.literal(''), z.url()]),
  MPESA_CONSUMER_KEY: z.string().min(1),
  MPESA_CONSUMER_SECRET: z.string().min(1),
  MPESA_SHORTCODE: z.string().regex(/^\d{5,7}$/, '5 to 7 digits'),
  MPESA_PASSKEY: z.string().min(1),
  MPESA_CALLBACK_TOKEN: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, '16 to 128 letters, digits, _ or -'),
  MPESA_CALLBACK_URL: z.union([z.literal(''), z.url()]),
  // Empty: the local eTIMS stand-in (local/etims), which the stack sets up as the device below.
  ETIMS_API_URL: z.union([z.literal(''), z.url()]),
  ETIMS_TIN: z.string().regex(/^[A-Z][0-9]{9}[A-Z]$/, 'a KRA PIN: a letter, nine digits, a letter'),
  ETIMS_BRANCH_ID: z.string().regex(/^\d{2}$/, 'two digits'),
  ETIMS_DEVICE_SERIAL: z.string().min(1).max(50),
});

export type StackEnv = z.infer<typeof schema>;

export interface StackConfig {
  env: StackEnv;
  /** supabase/config.toml, env() references resolved from the same settings. */
  supabase: SupabaseConfig;
  /** Absolute folder for the stack's data (embedded PostgreSQL, pid files). */
  dataDir: string;
  /** Superuser URL of the database; empty until the embedded server has started. */
  databaseUrl: string;
  apiUrl: string;
}

export function loadConfig(overrides: Record<string, string | undefined> = {}): StackConfig {
  const settings = loadEnv(overrides);
  const parsed = schema.safeParse(settings);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings (see .env.example):\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    env,
    // env(NAME) in config.toml sees these settings first, then any other process variable.
    supabase: readSupabaseConfig({ ...process.env, ...settings }),
    dataDir: resolve(repoRoot, env.LOCAL_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    apiUrl: `http://127.0.0.1:${env.LOCAL_API_PORT}`,
  };
}
