/**
 * `npm run dev`: the local stack plus the website's Vite dev server (hot reload) on WEB_PORT,
 * instead of the production build that `npm start` serves, and `sanity dev` (hot reload) on
 * http://localhost:3333/studio/ against the content lake.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../local/config.ts';
import { repoRoot } from '../local/env.ts';
import { trustInstructions } from '../local/content-lake/tls/trust-instructions.ts';
import { configuredPorts, startStack } from '../local/stack.ts';
import { startStudioDev } from '../local/studio.ts';
import { websiteEnv } from '../local/website-env.ts';

const config = loadConfig();
const { env } = config;
// `sanity dev`'s own port; its API host is the lake's TLS face (HTTP/2). Its origin may write
// with the lake's token, which it is given (local/studio.ts).
const studioDevPort = 3333;
const stack = await startStack(config, configuredPorts(env, { website: false }), (line) => console.log(`  ${line}`), {
  studioOrigins: [`http://localhost:${studioDevPort}`],
});

const vite = spawn(
  join(repoRoot, 'node_modules', '.bin', 'react-router'),
  ['dev', '--host', '127.0.0.1', '--port', String(env.WEB_PORT), '--strictPort'],
  {
    cwd: join(repoRoot, 'web'),
    stdio: 'inherit',
    env: {
      ...process.env,
      ...websiteEnv(env, { apiUrl: stack.apiUrl, contentUrl: stack.contentUrl, contentToken: stack.contentToken }),
    },
  },
);

const studio = startStudioDev(studioDevPort, stack.contentSecureUrl, stack.contentToken);
console.log(
  `\n  Sanity Studio (sanity dev)  http://localhost:${studioDevPort}/studio/\n  ${trustInstructions(stack.certificateAuthority, `${stack.contentSecureUrl.replace('://', `://${env.SANITY_PROJECT_ID}.`)}/health`).join('\n  ')}\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.once(signal, () => {
    studio.kill('SIGTERM');
    vite.kill('SIGTERM');
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
// A supervised service that keeps dying has stopped the stack: stop the dev server too, and fail.
let failed = false;
void stack.failed.then((error) => {
  failed = true;
  console.error(`✖ ${error.message}. The local stack has stopped.`);
  studio.kill('SIGTERM');
  vite.kill('SIGTERM');
});
vite.once('exit', (code) => {
  studio.kill('SIGTERM');
  stack.stop().then(
    () => process.exit(failed ? 1 : (code ?? 0)),
    () => process.exit(1),
  );
});
