/**
 * The lake's certificates in its data folder: the authority is made at the first start and kept
 * (a person trusts it once); the server certificate is remade when its names change or it nears
 * expiry. Private keys are written owner-only and never leave the data folder (git-ignored).
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join } from 'node:path';
import { createAuthority, createServerCertificate, type Issued } from './certificate.ts';

export interface LocalCertificates {
  /** Server certificate and key, PEM. */
  cert: string;
  key: string;
  /** Path of the authority's certificate: what a browser is told to trust. */
  authorityPath: string;
  /** True when this call made a new authority (a browser that trusted the old one must trust this). */
  authorityCreated: boolean;
}

const renewWithinMs = 30 * 24 * 60 * 60 * 1000;

function read(dir: string, name: string): Issued | undefined {
  const cert = join(dir, `${name}.pem`);
  const key = join(dir, `${name}-key.pem`);
  if (!existsSync(cert) || !existsSync(key)) return undefined;
  return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
}

function write(dir: string, name: string, issued: Issued): void {
  writeFileSync(join(dir, `${name}-key.pem`), issued.key, { mode: 0o600 });
  writeFileSync(join(dir, `${name}.pem`), issued.cert);
}

function covers(issued: Issued, authority: Issued, hosts: readonly string[]): boolean {
  try {
    const cert = new X509Certificate(issued.cert);
    const ca = new X509Certificate(authority.cert);
    if (!cert.verify(ca.publicKey)) return false;
    if (new Date(cert.validTo).getTime() - Date.now() < renewWithinMs) return false;
    const names = (cert.subjectAltName ?? '').split(', ');
    // OpenSSL writes IPv6 entries in full (`0:0:0:0:0:0:0:1`); a BlockList compares addresses, not spellings.
    const addresses = new BlockList();
    const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
    for (const name of names) {
      const address = name.startsWith('IP Address:') ? name.slice('IP Address:'.length) : '';
      if (isIP(address)) addresses.addAddress(address, family(address));
    }
    return hosts.every((host) => (isIP(host) ? addresses.check(host, family(host)) : names.includes(`DNS:${host}`)));
  } catch {
    return false;
  }
}

export async function ensureLocalCertificates(dir: string, hosts: readonly string[]): Promise<LocalCertificates> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let authority = read(dir, 'local-ca');
  const authorityCreated = authority === undefined;
  if (!authority) {
    authority = await createAuthority('Ascent local development CA');
    write(dir, 'local-ca', authority);
  }
  let server = read(dir, 'content-lake');
  if (!server || !covers(server, authority, hosts)) {
    server = await createServerCertificate(authority, hosts);
    write(dir, 'content-lake', server);
  }
  return { cert: server.cert, key: server.key, authorityPath: join(dir, 'local-ca.pem'), authorityCreated };
}
