/**
 * The local stand-in for Supabase Edge Functions: each `supabase/functions/<name>` runs in Deno
 * (the `deno` npm package) from its own `index.ts` and `deno.json`, as deployed, behind the
 * platform's routing, `verify_jwt` gate, body cap and error replies, which this runner gives.
 *
 * One Deno process per function, started by its first call (the platform's cold start): each
 * keeps its own import map and globals as on the platform, and a stack start pays nothing for
 * functions nobody calls.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Agent, fetch as fetchUpstream } from 'undici';
import { readSupabaseConfig } from '../supabase-config/read.ts';
import type { SupabaseConfig } from '../supabase-config/schema.ts';
import { functionSettings } from '../supabase-config/settings.ts';
import { MiB, withBodyLimit } from '../http/body-limit.ts';
import { startFunctionProcess, type FunctionProcess } from './deno-process.ts';
import { bootError, notFound, payloadTooLarge, workerError } from './platform-errors.ts';
import { rejectUnlessValidJwt } from './verify-jwt.ts';

export interface FunctionsHandlerOptions {
  /** The folder holding one folder per function (supabase/functions). */
  functionsDir: string;
  /** The functions' settings and secrets (SUPABASE_URL, keys, SMTP_*, MAIL_FROM, SITE_URL): their whole environment. */
  env: Record<string, string>;
  /** The project's JWT secret, for `verify_jwt`. */
  jwtSecret: string;
  /** Where `[functions.<name>]` settings live; default: config.toml beside functionsDir. */
  configPath?: string;
  /** Where the functions' own log lines and start failures go (default: stderr). */
  log?: (line: string) => void;
}

export interface FunctionsRunner {
  /** Takes requests whose path is `/<name>[/...]` (the gateway strips `/functions/v1`). */
  handle(request: Request): Promise<Response>;
  /**
   * Starts every enabled function's process without waiting (a start failure is logged): called
   * once the stack is up, so that a first call does not wait for Deno to boot.
   */
  warm(): void;
  /** The id of a function's running process (none: not started, or ended). */
  pid(name: string): Promise<number | undefined>;
  /** Stops every function's process. */
  stop(): Promise<void>;
}

/** The largest body any function is handed (the functions here take a few KB of JSON at most). */
const maxBodyBytes = 1 * MiB;

/** Supabase's rule for function names; it also keeps `_shared` and `..` from being served. */
const functionName = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The CLI's config.toml (read at deploy time on the platform); none means every default. */
function readConfig(path: string): Pick<SupabaseConfig, 'functions'> {
  return existsSync(path) ? readSupabaseConfig(process.env, path) : {};
}

/** Hop-by-hop headers of the client's connection, not passed to the function. */
const connectionHeaders = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host'];

/** Statuses whose reply has no body. */
const bodiless = new Set([101, 204, 205, 304]);

/**
 * Passes the request to the function's process over its socket and hands back its answer. The
 * request body is streamed: a function that caps its own body answers before the rest arrives.
 */
async function forward(request: Request, running: FunctionProcess, dispatcher: Agent): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  for (const name of connectionHeaders) headers.delete(name);
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  const reply = await fetchUpstream(`http://localhost${url.pathname}${url.search}`, {
    method: request.method,
    headers: [...headers],
    body: hasBody ? request.body : null,
    duplex: 'half',
    redirect: 'manual',
    dispatcher,
  });
  // A fresh Response (fetch's headers are read-only, and the gateway adds its own), its body read
  // whole: replies are small (JSON, a PDF of a few KB).
  const body = bodiless.has(reply.status) ? null : await reply.arrayBuffer();
  return new Response(body, { status: reply.status, statusText: reply.statusText, headers: [...reply.headers] });
}

export function createFunctionsHandler(options: FunctionsHandlerOptions): FunctionsRunner {
  const config = readConfig(options.configPath ?? join(dirname(options.functionsDir), 'config.toml'));
  const secret = new TextEncoder().encode(options.jwtSecret);
  const log = options.log ?? ((line: string) => console.error(line));
  // Sockets in a private folder of their own (mode 700): short paths, and only this user connects.
  const socketDir = mkdtempSync(join(tmpdir(), 'ascent-functions-'));
  const running = new Map<string, { process: Promise<FunctionProcess>; dispatcher: Agent }>();
  let stopped = false;

  function start(name: string) {
    let entry = running.get(name);
    if (!entry) {
      const socketPath = join(socketDir, `${name}.sock`);
      rmSync(socketPath, { force: true });
      const process = startFunctionProcess({
        name,
        functionDir: join(options.functionsDir, name),
        socketPath,
        env: options.env,
        log,
      });
      const current = { process, dispatcher: new Agent({ connect: { socketPath } }) };
      entry = current;
      running.set(name, current);
      // A function that failed to start, crashed or was stopped starts again on its next call.
      const forget = () => {
        if (running.get(name) === current) running.delete(name);
        void current.dispatcher.close();
      };
      process.then((started) => started.exited.then(forget), forget);
    }
    return entry;
  }

  /** A function this runner serves: a valid name, enabled in config.toml, with an index.ts. */
  const serves = (name: string) =>
    !stopped &&
    functionName.test(name) &&
    functionSettings(config, name).enabled &&
    existsSync(join(options.functionsDir, name, 'index.ts'));

  const handle = withBodyLimit(
    async (request) => {
      const name = new URL(request.url).pathname.split('/')[1] ?? '';
      if (!serves(name)) return notFound();
      const settings = functionSettings(config, name);

      // As on the platform, a CORS preflight reaches the function without a token.
      if (settings.verifyJwt && request.method !== 'OPTIONS') {
        const rejection = await rejectUnlessValidJwt(request, secret);
        if (rejection) return rejection;
      }

      const entry = start(name);
      let started: FunctionProcess;
      try {
        started = await entry.process;
      } catch (error) {
        log(`[functions] ${error instanceof Error ? error.message : String(error)}`);
        return bootError();
      }
      try {
        return await forward(request, started, entry.dispatcher);
      } catch (error) {
        // The process ended while it had the request (it crashed, or ran out of memory).
        log(`[functions] ${name} gave no answer: ${String(error)}`);
        return workerError();
      }
    },
    maxBodyBytes,
    (_request, limit) => payloadTooLarge(limit),
  );

  return {
    handle,
    warm() {
      for (const name of readdirSync(options.functionsDir).filter(serves)) {
        start(name).process.catch((error: unknown) =>
          log(`[functions] ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    },
    async pid(name) {
      const entry = running.get(name);
      return entry ? entry.process.then((started) => started.pid).catch(() => undefined) : undefined;
    },
    async stop() {
      stopped = true;
      const processes = [...running.values()].map((entry) => entry.process);
      await Promise.all(
        processes.map((process) =>
          process.then(
            (started) => started.stop(),
            () => {},
          ),
        ),
      );
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
