/**
 * The narrowest Deno permissions an edge function runs with here: its own settings (and nothing
 * else of the environment), the hosts those settings name (the API, the CMS, Daraja, the SMTP
 * server, eTIMS) and its Unix socket. No other file, host, subprocess or FFI.
 */

/** Settings whose value is a URL the functions call. */
const calledUrls = ['SUPABASE_URL', 'SANITY_API_HOST', 'MPESA_API_URL', 'ETIMS_API_URL'];

/** `host:port` of every service the settings point the function at. */
export function outboundHosts(env: Record<string, string>): string[] {
  const hosts = new Set<string>();
  for (const name of calledUrls) {
    const value = env[name];
    if (!value) continue;
    const url = new URL(value);
    hosts.add(url.port ? url.host : `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`);
  }
  if (env.SMTP_HOST) hosts.add(`${env.SMTP_HOST}:${env.SMTP_PORT || 587}`);
  return [...hosts].sort();
}

/** `deno run` flags for a function given `env` and listening on `socketPath`. */
export function permissionFlags(env: Record<string, string>, socketPath: string): string[] {
  const names = Object.keys(env).sort();
  return [
    '--no-prompt',
    ...(names.length ? [`--allow-env=${names.join(',')}`] : []),
    `--allow-net=${[`unix:${socketPath}`, ...outboundHosts(env)].join(',')}`,
    // Listening on a Unix socket needs read and write on its path, nothing more.
    `--allow-read=${socketPath}`,
    `--allow-write=${socketPath}`,
  ];
}
