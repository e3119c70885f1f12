/**
 * What the production server checks before it listens: the app's settings (config/env.server.ts)
 * plus its own HOST, PORT, TRUST_PROXY and MAINTENANCE_MAX_AGE_MS, every problem named, so a
 * misconfigured deployment refuses to start.
 */
import { BlockList, isIP } from 'node:net';
import { serverEnvProblems } from '../app/config/env.server.ts';

export interface ListenAddress {
  host: string;
  port: number;
}

export interface ServerSettings {
  listen: ListenAddress;
  /** The proxies (a CDN's or load balancer's addresses) whose X-Forwarded-For/Proto are believed; undefined: none. */
  trustedProxies: BlockList | undefined;
  /**
   * How long a read of the maintenance flag may be reused: 1000 ms unless set (each read is a
   * round trip to Supabase, and a CDN holds pages for seconds anyway); 0 reads for every request,
   * as the local stack does so a switch shows on the very next request.
   */
  maintenanceMaxAgeMs: number;
}

const DEFAULT_MAINTENANCE_MAX_AGE_MS = 1000;

export type StartupSettings = ({ ok: true } & ServerSettings) | { ok: false; problems: string[] };

/**
 * TRUST_PROXY: comma-separated addresses or CIDR ranges (`10.0.0.0/8, ::1`), or `loopback` for a
 * proxy on the same machine. Empty: no proxy is trusted, forwarding headers are ignored.
 */
export function parseTrustedProxies(value: string | undefined): { list?: BlockList; problems: string[] } {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { problems: [] };
  const list = new BlockList();
  const problems: string[] = [];
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      list.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
      continue;
    }
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = version === 6 ? 128 : 32;
    if (
      !version ||
      rest.length > 0 ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))
    ) {
      problems.push(`TRUST_PROXY: not an IP address, CIDR range or "loopback": ${JSON.stringify(entry)}`);
      continue;
    }
    const type = version === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
    // node reports IPv4 peers on a dual-stack socket as ::ffff:a.b.c.d.
    if (version === 4) {
      if (bits === undefined) list.addAddress(`::ffff:${address}`, 'ipv6');
      else list.addSubnet(`::ffff:${address}`, 96 + bits, 'ipv6');
    }
  }
  return { list, problems };
}

export function readStartupSettings(source: Record<string, string | undefined>): StartupSettings {
  const problems = serverEnvProblems(source);
  const host = source.HOST || '127.0.0.1';
  const port = Number(source.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT: not a port number (0-65535): ${JSON.stringify(source.PORT)}`);
  }
  const trusted = parseTrustedProxies(source.TRUST_PROXY);
  problems.push(...trusted.problems);
  const maintenanceMaxAgeMs = Number(source.MAINTENANCE_MAX_AGE_MS || DEFAULT_MAINTENANCE_MAX_AGE_MS);
  if (!Number.isInteger(maintenanceMaxAgeMs) || maintenanceMaxAgeMs < 0 || maintenanceMaxAgeMs > 60_000) {
    problems.push(
      `MAINTENANCE_MAX_AGE_MS: not a whole number of milliseconds (0-60000): ${JSON.stringify(source.MAINTENANCE_MAX_AGE_MS)}`,
    );
  }
  return problems.length
    ? { ok: false, problems }
    : { ok: true, listen: { host, port }, trustedProxies: trusted.list, maintenanceMaxAgeMs };
}
