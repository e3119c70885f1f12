/**
 * The signed credential of a valid certificate, for /verify/<code>/credential: looked up with
 * verify_certificate (the same function and facts as the page), built and signed here. A revoked
 * certificate gets no new credential; an unknown code, none either.
 *
 * The lookup comes from the website server, so it counts against the server's address in the
 * per-client limit (all downloads share one budget of it): downloads are rare next to checks.
 */
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { envelope, openBadgeCredential, signCredential } from './credential';
import { signingKey } from './signing-key.server';

export type CredentialDownload =
  { status: 'signed'; body: ReturnType<typeof envelope> } | { status: 'revoked' | 'not_found' | 'throttled' };

export async function credentialDownload(
  code: string,
  printedCode: string,
  site: { siteUrl: string; instituteName: string },
): Promise<CredentialDownload> {
  const { data, error } = await serverSupabase()
    .rpc('verify_certificate', { code })
    .abortSignal(AbortSignal.timeout(5_000))
    .single();
  if (error?.code === 'PT429') return { status: 'throttled' };
  if (error) throw new Error(`verify_certificate failed: ${error.message} (${error.code})`);
  if (data.status !== 'valid') return { status: data.status === 'revoked' ? 'revoked' : 'not_found' };
  const credential = openBadgeCredential({
    facts: {
      holderName: data.holder_name,
      programTitle: data.program_title,
      startsOn: data.starts_on,
      endsOn: data.ends_on,
      hours: data.hours,
      issuedAt: data.issued_at,
    },
    printedCode,
    ...site,
  });
  return { status: 'signed', body: envelope(await signCredential(credential, await signingKey())) };
}
