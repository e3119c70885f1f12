/**
 * The local stand-in for Supabase Edge Functions: runs `supabase/functions/<name>/handler.ts`
 * (the same handler the two-line Deno `index.ts` serves when deployed) in this Node process,
 * behind the platform's routing, `verify_jwt` gate and error replies.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readSupabaseConfig } from '../supabase-config/read.ts';
import type { SupabaseConfig } from '../supabase-config/schema.ts';
import { functionSettings } from '../supabase-config/settings.ts';
import { loadHandler, type EdgeHandler } from './load-handler.ts';
import { MiB, withBodyLimit } from '../http/body-limit.ts';
import { bootError, notFound, payloadTooLarge, workerError } from './platform-errors.ts';
import { rejectUnlessValidJwt } from './verify-jwt.ts';

export interface FunctionsHandlerOptions {
  /** The folder holding one folder per function (supabase/functions). */
  functionsDir: string;
  /** The functions' settings and secrets (SUPABASE_URL, keys, SMTP_*, MAIL_FROM, SITE_URL). */
  env: Record<string, string>;
  /** The project's JWT secret, for `verify_jwt`. */
  jwtSecret: string;
  /** Where `[functions.<name>]` settings live; default: config.toml beside functionsDir. */
  configPath?: string;
}

/** The largest body any function is handed (the functions here take a few KB of JSON at most). */
const maxBodyBytes = 1 * MiB;

/** Supabase's rule for function names; it also keeps `_shared` and `..` from being served. */
const functionName = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The CLI's config.toml (read at deploy time on the platform); none means every default. */
function readConfig(path: string): Pick<SupabaseConfig, 'functions'> {
  return existsSync(path) ? readSupabaseConfig(process.env, path) : {};
}

/** Takes requests whose path is `/<name>[/...]` (the gateway strips `/functions/v1`). */
export function createFunctionsHandler(options: FunctionsHandlerOptions): (request: Request) => Promise<Response> {
  const config = readConfig(options.configPath ?? join(dirname(options.functionsDir), 'config.toml'));
  const secret = new TextEncoder().encode(options.jwtSecret);
  const loaded = new Map<string, Promise<EdgeHandler>>();

  function load(name: string, file: string): Promise<EdgeHandler> {
    let handler = loaded.get(name);
    if (!handler) {
      handler = loadHandler(file);
      loaded.set(name, handler);
      // A function that failed to import is retried on the next call (after the file is fixed).
      handler.catch(() => loaded.delete(name));
    }
    return handler;
  }

  return withBodyLimit(
    async (request) => {
      const name = new URL(request.url).pathname.split('/')[1] ?? '';
      const file = join(options.functionsDir, name, 'handler.ts');
      const settings = functionSettings(config, name);
      if (!functionName.test(name) || !settings.enabled || !existsSync(file)) return notFound();

      // As on the platform, a CORS preflight reaches the function without a token.
      if (settings.verifyJwt && request.method !== 'OPTIONS') {
        const rejection = await rejectUnlessValidJwt(request, secret);
        if (rejection) return rejection;
      }

      let handler: EdgeHandler;
      try {
        handler = await load(name, file);
      } catch (error) {
        console.error(`[functions] ${name} failed to load:`, error);
        return bootError();
      }

      // Handlers read settings through _shared/env.ts, which reads Deno.env on the platform and
      // process.env here. Functions run in this process, so process.env is the only channel that
      // reaches them without changing the handler's signature; it is refreshed on every call in
      // case another runner in the same process (a test) set different values.
      Object.assign(process.env, options.env);
      try {
        return await handler(request);
      } catch (error) {
        console.error(`[functions] ${name} threw:`, error);
        return workerError();
      }
    },
    maxBodyBytes,
    (_request, limit) => payloadTooLarge(limit),
  );
}
