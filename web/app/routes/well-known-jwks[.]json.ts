/** /.well-known/jwks.json: the public key that signs certificate credentials (JWKS, RFC 7517). */
import { signingKey } from '../features/verify/signing-key.server';

export async function loader() {
  const { publicJwk } = await signingKey();
  return new Response(JSON.stringify({ keys: [publicJwk] }), {
    headers: { 'Content-Type': 'application/jwk-set+json', 'Cache-Control': 'public, max-age=3600' },
  });
}
