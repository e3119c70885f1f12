/**
 * The stack the soak runs against, on free loopback ports with a throwaway data folder: its own
 * embedded PostgreSQL (so the soak can kill it and start it again when it chooses), the local
 * stack on it, a fault proxy in front of the content lake, and the website from its current build
 * reading content through that proxy. The order, enquiry, newsletter and registration throttles
 * are raised in this database only, so a load test can write (see raiseThrottles).
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../local/config.ts';
import { freePort } from '../../local/http/ports.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../../local/postgres/embedded.ts';
import { startStack, type RunningStack } from '../../local/stack.ts';
import { buildWebsite, websiteBuildIsStale } from '../../local/website.ts';
import { startExtraWebsite } from '../../tests/support/extra-website.ts';
import { MAIL_WORKER } from '../../tests/support/campaign-send.ts';
import { startFaultProxy, type FaultMode } from '../../tests/support/fault-proxy.ts';

export interface SoakStack {
  webUrl: string;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** `postgres`'s URL, for counting rows afterwards. */
  databaseUrl: string;
  /** The superuser's URL of this throwaway database (the campaign phase writes staff and settings). */
  adminDatabaseUrl: string;
  mailApiUrl: string;
  /** What raiseThrottles changed, one line per setting. */
  throttles: string[];
  /** The content API as the websites reach it: passing, refusing or silent. */
  setContentMode(mode: FaultMode): Promise<void>;
  mail: RunningStack['mail'];
  /** The mail worker's (process-mail-outbox) Deno process id while it runs. */
  mailWorkerPid(): Promise<number | undefined>;
  /** Kills the postmaster with SIGKILL, as the OOM killer or a crashed host would; resolves once it is gone. */
  killPostgres(): Promise<void>;
  /** Starts PostgreSQL again on the same data and port (crash recovery runs). */
  startPostgres(): Promise<void>;
  /** A second website, started now with empty caches, against the same services (the caller stops it). */
  coldWebsite(): Promise<{ url: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

/** Every per-client limit (private.client_limits: allowance and ceiling), raised for the soak's throwaway database. */
async function raiseThrottles(adminUrl: string, to: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: adminUrl });
  await db.connect();
  try {
    await db.query('update private.client_limits set max_without_proof = $1, max_per_client = $1', [to]);
    return [`private.client_limits.max_without_proof = ${to}`, `private.client_limits.max_per_client = ${to}`];
  } finally {
    await db.end();
  }
}

export async function startSoakStack(log: (line: string) => void): Promise<SoakStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ascent-soak-'));
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (let stop = stops.pop(); stop; stop = stops.pop())
      await stop().catch((error: unknown) => log(`stop: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config0 = loadConfig({ LOCAL_DATA_DIR: dataDir });
    const postgresOptions = {
      dataDir: join(dataDir, 'postgres'),
      port: await freePort(),
      password: config0.env.LOCAL_DB_PASSWORD,
    };
    let postgres: RunningPostgres = await startEmbeddedPostgres(postgresOptions);
    stops.push(() => postgres.stop());

    const webPort = await freePort();
    const config = loadConfig({
      LOCAL_DATA_DIR: dataDir,
      DATABASE_URL: postgres.adminUrl,
      SITE_URL: `http://127.0.0.1:${webPort}`,
    });
    const ports = {
      api: await freePort(),
      db: postgresOptions.port,
      restAdmin: await freePort(),
      smtp: await freePort(),
      mailWeb: await freePort(),
      content: await freePort(),
      daraja: await freePort(),
      etims: await freePort(),
    };
    // The stack narrates its services' failures, thousands of lines under faults: to the log file.
    // The capture keeps every mail of the campaign phase's 20,000-recipient send, to count them.
    const stack = await startStack(config, ports, (line) => console.error(`[stack] ${line}`), {
      mailCaptureLimit: 25_000,
    });
    stops.push(stack.stop);
    const throttles = await raiseThrottles(postgres.adminUrl, 1_000_000);

    const content = await startFaultProxy({ host: '127.0.0.1', port: ports.content });
    stops.push(content.close);
    if (websiteBuildIsStale()) {
      log('building the website (its sources changed)…');
      buildWebsite();
    }
    const env = config.env;
    const sanity = {
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      apiVersion: env.SANITY_API_VERSION,
    };
    // The website logs each failed read: during the faults, thousands of lines; count, do not print.
    const quiet = () => {};
    const website = await startExtraWebsite({
      supabaseUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      contentUrl: content.url,
      sanity,
      onLog: quiet,
    });
    stops.push(website.stop);

    const postmasterPid = () =>
      Number(readFileSync(join(postgresOptions.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return {
      webUrl: website.url,
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      databaseUrl: stack.databaseUrl,
      adminDatabaseUrl: postgres.adminUrl,
      mailApiUrl: `${stack.mailUrl}/api/messages`,
      throttles,
      setContentMode: (mode) => content.setMode(mode),
      mail: stack.mail,
      mailWorkerPid: () => stack.functionPid(MAIL_WORKER),
      async killPostgres() {
        process.kill(postmasterPid(), 'SIGKILL');
        await postgres.exited;
      },
      async startPostgres() {
        // Backends of the killed postmaster leave within moments; until then its memory is in use.
        for (let attempt = 1; ; attempt += 1) {
          try {
            postgres = await startEmbeddedPostgres(postgresOptions);
            return;
          } catch (error) {
            if (attempt >= 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      },
      async coldWebsite() {
        return startExtraWebsite({
          supabaseUrl: stack.apiUrl,
          anonKey: stack.anonKey,
          contentUrl: content.url,
          sanity,
          onLog: quiet,
        });
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
