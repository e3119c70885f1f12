/**
 * Makes the content lake's TLS certificates, as mkcert does: a local certificate authority (made
 * once; the person trusts it once) and a server certificate it signs for the names the Studio
 * calls (`localhost`, `<projectId>.localhost`, 127.0.0.1, ::1). EC P-256 keys, SHA-256 signatures.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { isIP } from 'node:net';
import {
  bitString,
  boolean,
  explicit,
  implicit,
  integer,
  octetString,
  oid,
  sequence,
  set,
  time,
  utf8String,
} from './der.ts';

const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));

export interface Issued {
  /** PEM. */
  cert: string;
  /** PKCS#8 PEM. */
  key: string;
}

interface Signer {
  name: Buffer;
  key: KeyObject;
  keyId: Buffer;
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function derFromPem(text: string): Buffer {
  return Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

const commonName = (cn: string): Buffer => sequence(set(sequence(oid('2.5.4.3'), utf8String(cn))));

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [boolean(true)] : []), octetString(value));
}

function subjectAltNames(hosts: readonly string[]): Buffer {
  return sequence(
    ...hosts.map((host) => {
      const family = isIP(host);
      if (family === 0) return implicit(2, Buffer.from(host, 'ascii'));
      // An IP address entry holds the address's bytes (4 or 16).
      if (family === 4) return implicit(7, Buffer.from(host.split('.').map(Number)));
      return implicit(7, ipv6Bytes(host));
    }),
  );
}

/** The 16 bytes of an IPv6 address written with or without `::`. */
function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return Buffer.from(groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

function keyIdOf(spki: Buffer): Buffer {
  return createHash('sha1').update(spki).digest();
}

function issue(options: {
  subject: string;
  publicKey: KeyObject;
  signer?: Signer;
  signingKey: KeyObject;
  days: number;
  extensions: Buffer[];
}): Buffer {
  const spki = options.publicKey.export({ type: 'spki', format: 'der' });
  const subject = commonName(options.subject);
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  const notAfter = new Date(Date.now() + options.days * 24 * 60 * 60 * 1000);
  const keyId = keyIdOf(spki);
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    ecdsaWithSha256,
    options.signer?.name ?? subject,
    sequence(time(notBefore), time(notAfter)),
    subject,
    spki,
    explicit(
      3,
      sequence(
        ...options.extensions,
        extension('2.5.29.14', false, octetString(keyId)),
        extension('2.5.29.35', false, sequence(implicit(0, options.signer?.keyId ?? keyId))),
      ),
    ),
  );
  const signature = sign('sha256', tbs, options.signingKey);
  return sequence(tbs, ecdsaWithSha256, bitString(signature));
}

function newKey(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
}

/** A certificate authority for this machine only, valid ten years. */
export function createAuthority(name: string): Issued {
  const { privateKey, publicKey } = newKey();
  const der = issue({
    subject: name,
    publicKey,
    signingKey: privateKey,
    days: 3650,
    extensions: [
      extension('2.5.29.19', true, sequence(boolean(true), integer(Buffer.from([0])))),
      // keyCertSign and cRLSign (bits 5 and 6).
      extension('2.5.29.15', true, bitString(Buffer.from([0x06]), 1)),
    ],
  });
  return { cert: pem('CERTIFICATE', der), key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** A server certificate for `hosts`, signed by `authority`; 397 days, within what browsers accept. */
export function createServerCertificate(authority: Issued, hosts: readonly string[]): Issued {
  const { privateKey, publicKey } = newKey();
  const caKey = createPrivateKey(authority.key);
  const caDer = derFromPem(authority.cert);
  const caSpki = createPublicKey(caKey).export({ type: 'spki', format: 'der' });
  const signer: Signer = { name: issuerName(caDer), key: caKey, keyId: keyIdOf(caSpki) };
  const der = issue({
    subject: hosts[0] ?? 'localhost',
    publicKey,
    signer,
    signingKey: caKey,
    days: 397,
    extensions: [
      extension('2.5.29.19', true, sequence()),
      // digitalSignature (bit 0).
      extension('2.5.29.15', true, bitString(Buffer.from([0x80]), 7)),
      extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.1'))),
      extension('2.5.29.17', false, subjectAltNames(hosts)),
    ],
  });
  return { cert: pem('CERTIFICATE', der), key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The subject Name of a DER certificate: the sixth element of its TBSCertificate. */
function issuerName(certDer: Buffer): Buffer {
  const children = (der: Buffer): Buffer[] => {
    const out: Buffer[] = [];
    let offset = headerLength(der);
    while (offset < der.length) {
      const size = headerLength(der.subarray(offset)) + contentLength(der.subarray(offset));
      out.push(der.subarray(offset, offset + size));
      offset += size;
    }
    return out;
  };
  const [tbs] = children(certDer);
  const subject = tbs ? children(tbs)[5] : undefined;
  if (!subject) throw new Error('Unreadable certificate authority');
  return subject;
}

function headerLength(der: Buffer): number {
  const first = der[1] ?? 0;
  return first < 0x80 ? 2 : 2 + (first & 0x7f);
}

function contentLength(der: Buffer): number {
  const first = der[1] ?? 0;
  if (first < 0x80) return first;
  let length = 0;
  for (let i = 0; i < (first & 0x7f); i += 1) length = (length << 8) | (der[2 + i] ?? 0);
  return length;
}
