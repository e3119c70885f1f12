/**
 * Starts the whole local stack in dependency order and stops it in reverse: PostgreSQL (embedded
 * unless DATABASE_URL is set), bootstrap + migrations + seed, PostgREST, auth, functions,
 * the gateway, mail capture and the content lake. PostgreSQL, PostgREST and the website are
 * supervised: restarted when they die, and the whole stack stops when one keeps dying.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createAuthServer } from './auth/index.ts';
import type { StackConfig } from './config.ts';
import { startContentLake } from './content-lake/index.ts';
import { repoRoot } from './env.ts';
import { createFunctionsHandler } from './functions/index.ts';
import { createGateway } from './gateway/index.ts';
import { serve } from './http/serve.ts';
import { startMailCapture } from './mail/index.ts';
import { startEmbeddedPostgres } from './postgres/embedded.ts';
import { applyBootstrap, applyMigrations, seedOnce } from './postgres/migrate.ts';
import { supervise } from './process/supervise.ts';
import { startPostgrest } from './postgrest/index.ts';
import { websiteEnv } from './website-env.ts';
import { buildWebsite, startWebsite, websiteBuildIsStale } from './website.ts';

export interface StackPorts {
  api: number;
  db: number;
  rest: number;
  restAdmin: number;
  smtp: number;
  mailWeb: number;
  content: number;
  /** The website's port; the website is not started when undefined. */
  web?: number;
}

/** The configured ports (.env / .env.example); the website's only when it is to be served from its build. */
export function configuredPorts(env: StackConfig['env'], options: { website: boolean }): StackPorts {
  return {
    api: env.LOCAL_API_PORT,
    db: env.LOCAL_DB_PORT,
    rest: env.LOCAL_REST_PORT,
    restAdmin: env.LOCAL_REST_PORT + 1,
    smtp: env.LOCAL_SMTP_PORT,
    mailWeb: env.LOCAL_MAIL_WEB_PORT,
    content: env.LOCAL_CONTENT_PORT,
    ...(options.website ? { web: env.WEB_PORT } : {}),
  };
}

export interface RunningStack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  databaseUrl: string;
  /** PostgREST itself (internal: clients go through the gateway's /rest/v1). */
  restUrl: string;
  mailUrl: string;
  smtpPort: number;
  contentUrl: string;
  webUrl?: string;
  /** Migration versions applied by this start (empty when the database was up to date). */
  migrationsApplied: string[];
  seeded: boolean;
  /** Settles, after the stack has stopped itself, if a supervised service kept dying. */
  failed: Promise<Error>;
  stop(): Promise<void>;
}

/** The same server with another role's credentials (PostgREST and auth log in as their own roles). */
function urlForRole(superuserUrl: string, role: string, password: string): string {
  const url = new URL(superuserUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}

async function migrate(databaseUrl: string, rolePassword: string): Promise<{ applied: string[]; seeded: boolean }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await applyBootstrap(db, rolePassword);
    const applied = await applyMigrations(db);
    const seeded = await seedOnce(db);
    return { applied, seeded };
  } finally {
    await db.end();
  }
}

export async function startStack(
  config: StackConfig,
  ports: StackPorts,
  log: (line: string) => void = () => {},
): Promise<RunningStack> {
  const { env } = config;
  const stops: Array<() => Promise<void>> = [];
  const began = Date.now();
  const timed = (what: string) => log(`${what} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  // One stop at a time, in reverse: a service giving up and Ctrl-C may both ask.
  let stopping = Promise.resolve();
  const stopAll = () =>
    (stopping = stopping.then(async () => {
      for (let stop = stops.pop(); stop; stop = stops.pop()) {
        await stop().catch((error: unknown) => log(`stop failed: ${String(error)}`));
      }
    }));
  let failure: Error | undefined;
  let reportFailure: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => (reportFailure = resolve));
  const giveUp = (error: Error) => {
    if (failure) return;
    failure = error;
    log(`${error.message}: stopping the whole stack`);
    void stopAll().then(() => reportFailure(error));
  };
  try {
    mkdirSync(config.dataDir, { recursive: true });
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const postgres = await supervise({
        name: 'PostgreSQL',
        start: () =>
          startEmbeddedPostgres({
            dataDir: join(config.dataDir, 'postgres'),
            port: ports.db,
            password: env.LOCAL_DB_PASSWORD,
          }),
        log,
        onGiveUp: giveUp,
      });
      stops.push(postgres.stop);
      databaseUrl = postgres.current().url;
      timed('PostgreSQL up');
    }
    const { applied, seeded } = await migrate(databaseUrl, env.LOCAL_DB_PASSWORD);
    log(applied.length ? `applied migrations ${applied.join(', ')}` : 'database schema up to date');
    if (seeded) log('seeded an empty database from supabase/seed.sql');

    const restUri = urlForRole(databaseUrl, 'authenticator', env.LOCAL_DB_PASSWORD);
    const postgrest = await supervise({
      name: 'PostgREST',
      start: () =>
        startPostgrest({
          dbUri: restUri,
          jwtSecret: env.SUPABASE_JWT_SECRET,
          port: ports.rest,
          adminPort: ports.restAdmin,
          pidFile: join(config.dataDir, 'postgrest.pid'),
          // PostgREST narrates its start-up even at log level error; pass on only real problems.
          onLog: (chunk) => {
            for (const line of chunk.split('\n'))
              if (/error|fatal|failed/i.test(line)) log(`[postgrest] ${line.trim()}`);
          },
        }),
      log,
      onGiveUp: giveUp,
    });
    stops.push(postgrest.stop);
    timed('PostgREST ready');

    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const mail = await startMailCapture({ smtpPort: ports.smtp, webPort: ports.mailWeb });
    stops.push(mail.stop);

    const auth = createAuthServer({
      databaseUrl: urlForRole(databaseUrl, 'supabase_auth_admin', env.LOCAL_DB_PASSWORD),
      jwtSecret: env.SUPABASE_JWT_SECRET,
      jwtExpiry: env.AUTH_JWT_EXPIRY,
      issuer: `${apiUrl}/auth/v1`,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      enableSignup: env.AUTH_ENABLE_SIGNUP,
      passwordMinLength: env.AUTH_PASSWORD_MIN_LENGTH,
      failedSigninLimitPerAccount: env.AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT,
      failedSigninLimitPerIp: env.AUTH_FAILED_SIGNIN_LIMIT_PER_IP,
      failedSigninWindowSeconds: env.AUTH_FAILED_SIGNIN_WINDOW_SECONDS,
      refreshTokenReuseInterval: env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      siteUrl: env.SITE_URL,
    });
    stops.push(auth.close);

    const functions = createFunctionsHandler({
      functionsDir: join(repoRoot, 'supabase', 'functions'),
      jwtSecret: env.SUPABASE_JWT_SECRET,
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: env.SUPABASE_SERVICE_ROLE_KEY,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.smtpPort),
        SMTP_USER: env.SMTP_USER,
        SMTP_PASS: env.SMTP_PASS,
        MAIL_FROM: env.MAIL_FROM,
        SITE_URL: env.SITE_URL,
      },
    });

    const gateway = await serve(
      createGateway({
        anonKey: env.SUPABASE_ANON_KEY,
        serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
        restUrl: postgrest.current().url,
        auth: (request) => auth.handle(request),
        functions,
      }),
      { port: ports.api, service: 'Supabase API gateway' },
    );
    stops.push(gateway.close);
    timed('gateway, auth, functions and mail up');

    const content = await startContentLake({
      port: ports.content,
      contentDir: join(repoRoot, 'content'),
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      watch: true,
    });
    stops.push(content.stop);
    timed('content lake loaded');

    let webUrl: string | undefined;
    if (ports.web !== undefined) {
      if (websiteBuildIsStale()) {
        log('building the website (its sources changed)');
        buildWebsite();
        timed('website built');
      }
      const webPort = ports.web;
      const website = await supervise({
        name: 'website',
        start: () =>
          startWebsite({
            port: webPort,
            pidFile: join(config.dataDir, 'website.pid'),
            onLog: (line) => log(`[web] ${line.trim()}`),
            env: websiteEnv(env, { apiUrl, contentUrl: content.url }),
          }),
        log,
        onGiveUp: giveUp,
      });
      stops.push(website.stop);
      webUrl = `http://127.0.0.1:${ports.web}`;
      timed('website up');
    }
    // A service that gave up during start-up: stop what started after it too.
    if (failure) throw failure;

    return {
      apiUrl,
      anonKey: env.SUPABASE_ANON_KEY,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      jwtSecret: env.SUPABASE_JWT_SECRET,
      databaseUrl,
      restUrl: postgrest.current().url,
      mailUrl: mail.webUrl,
      smtpPort: mail.smtpPort,
      contentUrl: content.url,
      webUrl,
      migrationsApplied: applied,
      seeded,
      failed,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
