/**
 * Makes the content lake's TLS certificates, as mkcert does: a local certificate authority (made
 * once; the person trusts it once) and a server certificate it signs for the names the Studio
 * calls (`localhost`, `<projectId>.localhost`, 127.0.0.1, ::1). EC P-256 keys, SHA-256 signatures,
 * built by @peculiar/x509 over WebCrypto (the global `crypto`).
 */
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export interface Issued {
  /** PEM. */
  cert: string;
  /** PKCS#8 PEM. */
  key: string;
}

const newKeys = () => crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);

async function pkcs8(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

/** Valid from an hour ago (clock skew) for `days`. */
function validity(days: number): { notBefore: Date; notAfter: Date } {
  return {
    notBefore: new Date(Date.now() - 60 * 60 * 1000),
    notAfter: new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  };
}

/** A random positive 128-bit serial (the first byte 0x01 keeps it positive and 16 bytes long). */
function serialNumber(): string {
  return `01${Buffer.from(crypto.getRandomValues(new Uint8Array(15))).toString('hex')}`;
}

/** A certificate authority for this machine only, valid ten years. */
export async function createAuthority(name: string): Promise<Issued> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: `CN=${name}`,
    ...validity(3650),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert: cert.toString('pem'), key: await pkcs8(keys.privateKey) };
}

/** A server certificate for `hosts`, signed by `authority`; 397 days, within what browsers accept. */
export async function createServerCertificate(authority: Issued, hosts: readonly string[]): Promise<Issued> {
  const keys = await newKeys();
  const ca = new x509.X509Certificate(authority.cert);
  const caKey = await crypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(authority.key), algorithm, false, [
    'sign',
  ]);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: `CN=${hosts[0] ?? 'localhost'}`,
    issuer: ca.subject,
    ...validity(397),
    signingAlgorithm: algorithm,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        hosts.map((host): x509.JsonGeneralName => ({ type: isIP(host) === 0 ? 'dns' : 'ip', value: host })),
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.publicKey),
    ],
  });
  return { cert: cert.toString('pem'), key: await pkcs8(keys.privateKey) };
}
