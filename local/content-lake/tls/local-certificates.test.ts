import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalCertificates } from './local-certificates.ts';

const hosts = ['localhost', 'ascent.localhost', '127.0.0.1', '::1'];
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lake-tls-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('ensureLocalCertificates', () => {
  it('makes an authority and a server certificate it signs for every name the Studio calls', async () => {
    const made = await ensureLocalCertificates(freshDir(), hosts);
    const authority = new X509Certificate(readFileSync(made.authorityPath));
    const server = new X509Certificate(made.cert);
    expect(made.authorityCreated).toBe(true);
    expect(authority.ca).toBe(true);
    expect(server.ca).toBe(false);
    expect(server.checkIssued(authority)).toBe(true);
    expect(server.verify(authority.publicKey)).toBe(true);
    expect(server.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(server.checkHost('ascent.localhost')).toBe('ascent.localhost');
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(server.checkIP('::1')).toBe('::1');
  });

  it('keeps both certificates on the next start (an IPv6 name is not taken for a missing one)', async () => {
    const dir = freshDir();
    const first = await ensureLocalCertificates(dir, hosts);
    const second = await ensureLocalCertificates(dir, hosts);
    expect(second.authorityCreated).toBe(false);
    expect(second.cert).toBe(first.cert);
  });

  it('remakes the server certificate, not the authority, when a name is added', async () => {
    const dir = freshDir();
    const first = await ensureLocalCertificates(dir, hosts);
    const second = await ensureLocalCertificates(dir, [...hosts, 'other.localhost']);
    expect(second.authorityCreated).toBe(false);
    expect(second.cert).not.toBe(first.cert);
    expect(new X509Certificate(second.cert).checkHost('other.localhost')).toBe('other.localhost');
    expect(readFileSync(first.authorityPath, 'utf8')).toBe(readFileSync(second.authorityPath, 'utf8'));
  });
});
