/**
 * Starts the whole local stack in dependency order and stops it in reverse: PostgreSQL (embedded
 * unless DATABASE_URL is set), bootstrap + migrations + seed, PostgREST, auth, storage, functions,
 * the gateway, mail capture and the content lake. PostgreSQL, PostgREST and the website are
 * supervised: restarted when they die, and the whole stack stops when one keeps dying.
 */
import { mkdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createAuthServer } from './auth/index.ts';
import type { StackConfig } from './config.ts';
import { startContentLake } from './content-lake/index.ts';
import { startDaraja } from './daraja/index.ts';
import { startEtims } from './etims/index.ts';
import { repoRoot } from './env.ts';
import { createFunctionsHandler } from './functions/index.ts';
import { scheduleFunction } from './functions/schedule.ts';
import { createGateway } from './gateway/index.ts';
import { MiB } from './http/body-limit.ts';
import { serve } from './http/serve.ts';
import { startMailCapture } from './mail/index.ts';
import { startScheduledPublishing } from './scheduled-publishing/index.ts';
import { startEmbeddedPostgres } from './postgres/embedded.ts';
import { prepareDatabase, urlForRole } from './postgres/prepare.ts';
import { supervise } from './process/supervise.ts';
import { regexFilterSlots, restSocketPath, startPostgrest } from './postgrest/index.ts';
import { createStorageServer } from './storage/index.ts';
import { authSettings, restSettings } from './supabase-config/settings.ts';
import { storageSettings } from './supabase-config/storage-settings.ts';
import { websiteEnv } from './website-env.ts';
import { buildStudio, studioBuildIsStale, studioDistDir } from './studio.ts';
import { buildWebsite, startWebsite, websiteBuildIsStale } from './website.ts';

export interface StackPorts {
  api: number;
  db: number;
  /** PostgREST's admin server (/live, /ready); its API is a Unix socket in the data folder. */
  restAdmin: number;
  smtp: number;
  mailWeb: number;
  content: number;
  /** The Daraja stand-in (used when MPESA_API_URL is empty). */
  daraja: number;
  /** The eTIMS stand-in (used when ETIMS_API_URL is empty). */
  etims: number;
  /** The website's port; the website is not started when undefined. */
  web?: number;
}

/** The configured ports (.env / .env.example); the website's only when it is to be served from its build. */
export function configuredPorts(env: StackConfig['env'], options: { website: boolean }): StackPorts {
  return {
    api: env.LOCAL_API_PORT,
    db: env.LOCAL_DB_PORT,
    restAdmin: env.LOCAL_REST_PORT,
    smtp: env.LOCAL_SMTP_PORT,
    mailWeb: env.LOCAL_MAIL_WEB_PORT,
    content: env.LOCAL_CONTENT_PORT,
    daraja: env.LOCAL_DARAJA_PORT,
    etims: env.LOCAL_ETIMS_PORT,
    ...(options.website ? { web: env.WEB_PORT } : {}),
  };
}

export interface RunningStack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** `postgres`'s URL (not a superuser, as on a hosted project): what scripts and tests use. */
  databaseUrl: string;
  /** The superuser's URL (supabase_admin), for the rare test that needs one. */
  adminDatabaseUrl: string;
  /** PostgREST's Unix socket (internal, mode 600: clients go through the gateway's /rest/v1). */
  restSocket: string;
  mailUrl: string;
  smtpPort: number;
  /** The Daraja API the functions call: the local stand-in unless MPESA_API_URL is set. */
  darajaUrl: string;
  /** KRA's eTIMS API the functions call: the local stand-in unless ETIMS_API_URL is set. */
  etimsUrl: string;
  contentUrl: string;
  /** The built Studio on the content lake (HTTP/2 over TLS): `https://<projectId>.localhost:<port>/studio/`. */
  studioUrl: string;
  /** The content lake's TLS face, the Studio's API host: `https://localhost:<port>`. */
  contentSecureUrl: string;
  /** The content lake's editor token of this start (Authorization: Bearer) for writes and drafts. */
  contentToken: string;
  /** The local certificate authority browsers must trust for the Studio (PEM file). */
  certificateAuthority: string;
  /** True when this start made it (first start): a browser that trusted an older one must trust this. */
  certificateAuthorityCreated: boolean;
  webUrl?: string;
  /** The mail capture's SMTP side, to simulate a provider outage (tests). */
  mail: { stopSmtp(): Promise<void>; startSmtp(): Promise<void> };
  /** The process id of an edge function's Deno process while it runs (tests kill the mail worker by it). */
  functionPid(name: string): Promise<number | undefined>;
  /** Migration versions applied by this start (empty when the database was up to date). */
  migrationsApplied: string[];
  seeded: boolean;
  /** Settles, after the stack has stopped itself, if a supervised service kept dying. */
  failed: Promise<Error>;
  stop(): Promise<void>;
}

/** One line for a database where `postgres` is a superuser, unlike on a hosted project. */
function superuserWarning(config: StackConfig): string {
  if (config.databaseUrl) {
    return 'warning: postgres is a superuser on the DATABASE_URL server, so migrations run with superuser rights there, unlike on hosted Supabase';
  }
  const path = join(config.dataDir, 'postgres');
  const folder = path.startsWith(`${repoRoot}${sep}`) ? relative(repoRoot, path) : path;
  return `warning: ${folder} was made by an older version (postgres is its superuser), so migrations run with superuser rights, unlike on hosted Supabase; stop, delete ${folder} (its local data goes) and start again to fix`;
}

export interface StackOptions {
  /** Build the Studio when stale, for the lake to serve (default: when the website is served too). */
  buildStudio?: boolean;
  /** Browser origins besides the lake's own that may write with its token (`sanity dev`'s). */
  studioOrigins?: string[];
  /** How many messages the mail capture keeps (default 500; the soak's 20,000-recipient send keeps all). */
  mailCaptureLimit?: number;
}

export async function startStack(
  config: StackConfig,
  ports: StackPorts,
  log: (line: string) => void = () => {},
  options: StackOptions = {},
): Promise<RunningStack> {
  const { env } = config;
  const stops: Array<() => Promise<void>> = [];
  const began = Date.now();
  const timed = (what: string) => log(`${what} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  // One stop at a time, in reverse: a service giving up and Ctrl-C may both ask.
  let stopping = Promise.resolve();
  // Set at once, so supervisors take exits from a signal to the whole process group as part of the stop.
  let stopRequested = false;
  const stackStopping = () => stopRequested;
  const stopAll = () => {
    stopRequested = true;
    return (stopping = stopping.then(async () => {
      for (let stop = stops.pop(); stop; stop = stops.pop()) {
        await stop().catch((error: unknown) => log(`stop failed: ${String(error)}`));
      }
    }));
  };
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
    let adminUrl = config.databaseUrl;
    if (!adminUrl) {
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
        stackStopping,
      });
      stops.push(postgres.stop);
      adminUrl = postgres.current().adminUrl;
      timed('PostgreSQL up');
    }
    const database = await prepareDatabase(adminUrl, env.LOCAL_DB_PASSWORD);
    const { applied, seeded, databaseUrl } = database;
    if (database.postgresIsSuperuser) log(superuserWarning(config));
    log(applied.length ? `applied migrations ${applied.join(', ')}` : 'database schema up to date');
    if (seeded) log('seeded an empty database from supabase/seed.sql');

    const restUri = urlForRole(adminUrl, 'authenticator', env.LOCAL_DB_PASSWORD);
    const postgrest = await supervise({
      name: 'PostgREST',
      start: () =>
        startPostgrest({
          ...restSettings(config.supabase),
          dbUri: restUri,
          jwtSecret: env.SUPABASE_JWT_SECRET,
          socketPath: restSocketPath(config.dataDir),
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
      stackStopping,
    });
    stops.push(postgrest.stop);
    timed('PostgREST ready');

    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const mail = await startMailCapture({
      smtpPort: ports.smtp,
      webPort: ports.mailWeb,
      limit: options.mailCaptureLimit,
    });
    stops.push(mail.stop);

    // M-Pesa: the Daraja stand-in unless a real Daraja host is configured.
    let darajaUrl = env.MPESA_API_URL;
    if (!darajaUrl) {
      const daraja = await startDaraja({
        port: ports.daraja,
        consumerKey: env.MPESA_CONSUMER_KEY,
        consumerSecret: env.MPESA_CONSUMER_SECRET,
        shortcode: env.MPESA_SHORTCODE,
        passkey: env.MPESA_PASSKEY,
        tokenSeconds: 3599,
        log,
      });
      stops.push(daraja.stop);
      darajaUrl = daraja.url;
    }
    // Tax invoices: the eTIMS stand-in unless KRA's API is configured.
    let etimsUrl = env.ETIMS_API_URL;
    if (!etimsUrl) {
      const etims = await startEtims({
        port: ports.etims,
        device: {
          tin: env.ETIMS_TIN,
          bhfId: env.ETIMS_BRANCH_ID,
          dvcSrlNo: env.ETIMS_DEVICE_SERIAL,
          taxprNm: 'Ascent',
        },
        log,
      });
      stops.push(etims.stop);
      etimsUrl = etims.apiUrl;
    }

    const authConfig = authSettings(config.supabase);
    const auth = createAuthServer({
      ...authConfig,
      // [auth.email.smtp] as GoTrue reads it; on this machine that is the capture, on whatever port it got.
      smtp: authConfig.smtp && {
        ...authConfig.smtp,
        port: /^(127\.0\.0\.1|localhost|::1)$/.test(authConfig.smtp.host) ? mail.smtpPort : authConfig.smtp.port,
      },
      databaseUrl: urlForRole(adminUrl, 'supabase_auth_admin', env.LOCAL_DB_PASSWORD),
      jwtSecret: env.SUPABASE_JWT_SECRET,
      issuer: `${apiUrl}/auth/v1`,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      // No key in the CLI's config: local hardening, set in .env.
      failedSigninLimitPerAccount: env.AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT,
      failedSigninWindowSeconds: env.AUTH_FAILED_SIGNIN_WINDOW_SECONDS,
      mfaChallengeAndVerifyPerMinute: env.AUTH_MFA_CHALLENGE_AND_VERIFY_PER_MINUTE,
    });
    stops.push(auth.close);

    const functions = createFunctionsHandler({
      functionsDir: join(repoRoot, 'supabase', 'functions'),
      jwtSecret: env.SUPABASE_JWT_SECRET,
      log,
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
        // Invoices and order e-mails print the institute's details from the CMS.
        SANITY_PROJECT_ID: env.SANITY_PROJECT_ID,
        SANITY_DATASET: env.SANITY_DATASET,
        SANITY_API_VERSION: env.SANITY_API_VERSION,
        SANITY_API_HOST: `http://127.0.0.1:${ports.content}`,
        MPESA_API_URL: darajaUrl,
        MPESA_CONSUMER_KEY: env.MPESA_CONSUMER_KEY,
        MPESA_CONSUMER_SECRET: env.MPESA_CONSUMER_SECRET,
        MPESA_SHORTCODE: env.MPESA_SHORTCODE,
        MPESA_PASSKEY: env.MPESA_PASSKEY,
        MPESA_CALLBACK_TOKEN: env.MPESA_CALLBACK_TOKEN,
        MPESA_CALLBACK_URL: env.MPESA_CALLBACK_URL || `${apiUrl}/functions/v1/mpesa-callback`,
        ETIMS_API_URL: etimsUrl,
        ETIMS_TIN: env.ETIMS_TIN,
        ETIMS_BRANCH_ID: env.ETIMS_BRANCH_ID,
        ETIMS_DEVICE_SERIAL: env.ETIMS_DEVICE_SERIAL,
        // Read when set (an initialised device's key, a call's time limit): granted, left empty.
        ETIMS_CMC_KEY: '',
        // KRA's verification page printed as the tax documents' QR code (empty: the sandbox's).
        ETIMS_VERIFY_URL: '',
        ETIMS_TIMEOUT_MS: '',
      },
    });
    stops.push(functions.stop);

    const { fileSizeLimit } = storageSettings(config.supabase);
    const storage = createStorageServer({
      databaseUrl: urlForRole(adminUrl, 'supabase_storage_admin', env.LOCAL_DB_PASSWORD),
      jwtSecret: env.SUPABASE_JWT_SECRET,
      // Uploaded objects live beside the database (in the throwaway data folder for tests).
      dataDir: join(config.dataDir, 'storage'),
      fileSizeLimit,
    });
    stops.push(storage.close);

    const routes = createGateway({
      anonKey: env.SUPABASE_ANON_KEY,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      rest: { socketPath: postgrest.current().socketPath },
      regexFilterSlots,
      auth: (request) => auth.handle(request),
      functions: functions.handle,
      storage: (request) => storage.handle(request),
    });
    const gateway = await serve(routes.handle, {
      port: ports.api,
      service: 'Supabase API gateway',
      direct: routes.direct,
      // The largest body behind it is an upload (multipart around it); each service caps its own below that.
      maxBodyBytes: fileSizeLimit + 1 * MiB,
    });
    stops.push(gateway.close);
    timed('gateway, auth, storage, functions and mail up');

    // The mail outbox worker, as a hosted cron job would call it.
    const outbox = scheduleFunction({
      apiUrl,
      name: 'process-mail-outbox',
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      everyMs: 2000,
      log,
    });
    stops.push(outbox.stop);
    // M-Pesa pushes with no answer after two minutes are settled by an STK query.
    const reconcile = scheduleFunction({
      apiUrl,
      name: 'mpesa-reconcile',
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      everyMs: 30_000,
      log,
    });
    stops.push(reconcile.stop);
    // Issued tax invoices and credit notes go to eTIMS as the outbox's mail goes out.
    const taxDocuments = scheduleFunction({
      apiUrl,
      name: 'register-tax-documents',
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      everyMs: 2000,
      log,
    });
    stops.push(taxDocuments.stop);

    if ((options.buildStudio ?? ports.web !== undefined) && studioBuildIsStale()) {
      log('building the Studio (its sources changed)');
      buildStudio();
      timed('Studio built');
    }
    const content = await startContentLake({
      port: ports.content,
      contentDir: join(repoRoot, 'content'),
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      // Local edits (journal, uploads) and the TLS certificates live beside the database.
      dataDir: join(config.dataDir, 'content-lake'),
      studioDir: studioDistDir,
      studioOrigins: options.studioOrigins,
      watch: true,
      onLog: (line) => log(`[content-lake] ${line}`),
    });
    stops.push(content.stop);
    timed('content lake loaded');
    // Drafts scheduled in the Studio go out within 10 s of their time (hosted: a function every minute).
    const lake = { apiHost: content.url, dataset: env.SANITY_DATASET, apiVersion: env.SANITY_API_VERSION };
    const publisher = startScheduledPublishing({ lake: { ...lake, token: content.token }, everyMs: 10_000, log });
    stops.push(publisher.stop);

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
            env: websiteEnv(env, { apiUrl, contentUrl: content.url, contentToken: content.token }),
          }),
        log,
        onGiveUp: giveUp,
        stackStopping,
      });
      stops.push(website.stop);
      webUrl = `http://127.0.0.1:${ports.web}`;
      timed('website up');
    }
    // A service that gave up during start-up: stop what started after it too.
    if (failure) throw failure;
    // Each function's Deno process boots now, in the background, so a first call does not wait for it.
    functions.warm();

    return {
      apiUrl,
      anonKey: env.SUPABASE_ANON_KEY,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
      jwtSecret: env.SUPABASE_JWT_SECRET,
      databaseUrl,
      adminDatabaseUrl: adminUrl,
      restSocket: postgrest.current().socketPath,
      mailUrl: mail.webUrl,
      smtpPort: mail.smtpPort,
      darajaUrl,
      etimsUrl,
      contentUrl: content.url,
      studioUrl: content.studioUrl,
      contentSecureUrl: content.secureUrl,
      contentToken: content.token,
      certificateAuthority: content.certificateAuthority,
      certificateAuthorityCreated: content.certificateAuthorityCreated,
      webUrl,
      mail: { stopSmtp: mail.stopSmtp, startSmtp: mail.startSmtp },
      functionPid: (name) => functions.pid(name),
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
