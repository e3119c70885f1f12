import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { envelope, openBadgeCredential, signCredential, verifyCredential } from './credential';
import { publicPart } from './signing-key.server';

const facts = {
  holderName: 'Achieng Otieno',
  programTitle: 'Executive Leadership Programme',
  startsOn: '2026-10-05',
  endsOn: '2026-10-09',
  hours: 40,
  issuedAt: '2026-10-10T07:00:00.000Z',
};

async function keys() {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key' };
  return { signer: { kid: 'test-key', privateKey }, jwks: { keys: [publicPart(jwk)] } };
}

const credential = openBadgeCredential({
  facts,
  printedCode: 'ABCD-EFGH-JKMN',
  siteUrl: 'https://ascent.example',
  instituteName: 'Ascent',
});

describe('the signed certificate credential', () => {
  it('is an Open Badges 3.0 credential that verifies against the published key', async () => {
    const { signer, jwks } = await keys();
    const jwt = await signCredential(credential, signer);
    expect(await verifyCredential(jwt, jwks)).toEqual(credential);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credentialSubject.identifier[0]!.identityHash).toBe('Achieng Otieno');
    expect(credential.credentialSubject.achievement.name).toBe('Executive Leadership Programme');
    expect(envelope(jwt).id).toBe(`data:application/vc+jwt,${jwt}`);
    expect(Object.keys(jwks.keys[0]!)).not.toContain('d');
  });

  it('fails when any byte of the payload or signature is changed', async () => {
    const { signer, jwks } = await keys();
    const jwt = await signCredential(credential, signer);
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const json = new TextDecoder().decode(Buffer.from(payload, 'base64url'));
    const renamed = Buffer.from(json.replace('Achieng Otieno', 'Achieng Otienp')).toString('base64url');
    await expect(verifyCredential(`${header}.${renamed}.${signature}`, jwks)).rejects.toThrow(
      /signature verification failed/,
    );
    const bytes = Buffer.from(signature, 'base64url');
    bytes[10]! ^= 1;
    await expect(verifyCredential(`${header}.${payload}.${bytes.toString('base64url')}`, jwks)).rejects.toThrow(
      /signature verification failed/,
    );
  });

  it('fails against another institute key', async () => {
    const { signer } = await keys();
    const { jwks: other } = await keys();
    await expect(verifyCredential(await signCredential(credential, signer), other)).rejects.toThrow();
  });
});
