/**
 * What the production server checks before it listens: the app's settings (config/env.server.ts)
 * plus its own HOST and PORT, every problem named, so a misconfigured deployment refuses to start.
 */
import { serverEnvProblems } from '../app/config/env.server.ts';

export interface ListenAddress {
  host: string;
  port: number;
}

export type StartupSettings = { ok: true; listen: ListenAddress } | { ok: false; problems: string[] };

export function readStartupSettings(source: Record<string, string | undefined>): StartupSettings {
  const problems = serverEnvProblems(source);
  const host = source.HOST || '127.0.0.1';
  const port = Number(source.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT: not a port number (0-65535): ${JSON.stringify(source.PORT)}`);
  }
  return problems.length ? { ok: false, problems } : { ok: true, listen: { host, port } };
}
