/**
 * The institute's Ed25519 key that signs certificate credentials (CERTIFICATE_SIGNING_KEY: a
 * private JWK, validated with the rest of the settings in config/env.server.ts), and its public
 * half as the JWKS published at /.well-known/jwks.json. The local stack's key is a public demo
 * key in .env.example; a deployment makes its own (docs/certificates.md).
 */
import { importJWK, type JWK } from 'jose';
import { serverEnv } from '../../config/env.server';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

let cached: Promise<SigningKey> | undefined;

/** Only what may be published: the key type, curve, public point and id. */
export function publicPart(jwk: JWK): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid: jwk.kid, alg: 'EdDSA', use: 'sig' };
}

export function signingKey(): Promise<SigningKey> {
  cached ??= (async () => {
    const jwk = JSON.parse(serverEnv().CERTIFICATE_SIGNING_KEY) as JWK;
    const privateKey = (await importJWK(jwk, 'EdDSA')) as CryptoKey;
    return { kid: jwk.kid!, privateKey, publicJwk: publicPart(jwk) };
  })();
  return cached;
}
