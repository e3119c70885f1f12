/**
 * A certificate as an Open Badges 3.0 credential (a W3C Verifiable Credential, data model 2.0),
 * secured as a VC-JWT (VC JOSE-COSE: the credential is the JWS payload, `typ: vc+jwt`) signed
 * with EdDSA (Ed25519), and handed out enveloped, so the download is itself a JSON credential.
 * Anyone verifies it with a standard JOSE library against the institute's /.well-known/jwks.json.
 */
import { CompactSign, compactVerify, type JWK } from 'jose';
import { createLocalJWKSet } from 'jose';
import type { CertificateFacts } from './verify-certificate';

export interface CredentialSubject {
  facts: CertificateFacts;
  printedCode: string;
  siteUrl: string;
  instituteName: string;
}

export const CREDENTIAL_CONTEXTS = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
];

export function openBadgeCredential({ facts, printedCode, siteUrl, instituteName }: CredentialSubject) {
  const verifyUrl = `${siteUrl}/verify/${printedCode}`;
  return {
    '@context': CREDENTIAL_CONTEXTS,
    id: verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: facts.programTitle,
    issuer: { id: siteUrl, type: ['Profile'], name: instituteName, url: siteUrl },
    validFrom: facts.issuedAt,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.holderName }],
      activityStartDate: `${facts.startsOn}T00:00:00+03:00`,
      activityEndDate: `${facts.endsOn}T23:59:59+03:00`,
      ...(facts.hours ? { creditsEarned: facts.hours } : {}),
      achievement: {
        id: `${verifyUrl}#achievement`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: facts.programTitle,
        description: `Certificate of completion of ${facts.programTitle}, awarded by ${instituteName}.`,
        criteria: { narrative: 'Attended the program and met its attendance requirement, with the course fee paid.' },
        humanCode: printedCode,
      },
    },
    credentialStatus: { id: verifyUrl, type: 'VerificationPage' },
  };
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/** The credential as a compact JWS (header: EdDSA, vc+jwt, the key's id). */
export async function signCredential(credential: OpenBadgeCredential, key: { kid: string; privateKey: CryptoKey }) {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: key.kid })
    .sign(key.privateKey);
}

/** VC data model 2.0's envelope: a JSON credential carrying the signed one. */
export function envelope(jwt: string) {
  return {
    '@context': 'https://www.w3.org/ns/credentials/v2',
    id: `data:application/vc+jwt,${jwt}`,
    type: 'EnvelopedVerifiableCredential',
  };
}

/** What a verifier does: the JWS checked against the published keys; the credential, or a throw. */
export async function verifyCredential(jwt: string, jwks: { keys: JWK[] }): Promise<OpenBadgeCredential> {
  const { payload, protectedHeader } = await compactVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
  if (protectedHeader.typ !== 'vc+jwt') throw new Error(`not a VC-JWT: typ ${protectedHeader.typ}`);
  return JSON.parse(new TextDecoder().decode(payload)) as OpenBadgeCredential;
}
