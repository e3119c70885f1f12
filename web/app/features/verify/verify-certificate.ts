/**
 * Looks a certificate up with public.verify_certificate from the visitor's browser: the lookup is
 * limited per client address, so it must come from the visitor's own connection (the website
 * server would make every visitor one client). Plain fetch (lib/supabase/supabase-http): no
 * supabase-js on a public page.
 */
import { refusalOf, type DatabaseError } from '../../../../domain/refusal.ts';
import { postToSupabase } from '../../lib/supabase/supabase-http';

export interface CertificateFacts {
  holderName: string;
  programTitle: string;
  startsOn: string;
  endsOn: string;
  hours: number | null;
  issuedAt: string;
}

export type Verification =
  | { status: 'valid'; certificate: CertificateFacts }
  | { status: 'revoked'; certificate: CertificateFacts; revokedAt: string }
  | { status: 'not_found' }
  | { status: 'refused'; message: string }
  | { status: 'unreachable' };

interface Row {
  status: 'valid' | 'revoked' | 'not_found';
  holder_name: string;
  program_title: string;
  starts_on: string;
  ends_on: string;
  hours: number | null;
  issued_at: string;
  revoked_at: string | null;
}

function isDatabaseError(body: unknown): body is DatabaseError {
  return typeof body === 'object' && body !== null && 'code' in body && 'message' in body;
}

/** `code` is canonical (domain/certificate-code.ts has checked it). */
export async function verifyCertificate(code: string): Promise<Verification> {
  let answer;
  try {
    answer = await postToSupabase('/rest/v1/rpc/verify_certificate', { code });
  } catch (error) {
    console.error('[verify] verify_certificate could not be reached:', error);
    return { status: 'unreachable' };
  }
  if (answer.status !== 200) {
    const refusal = isDatabaseError(answer.body) ? refusalOf(answer.body) : null;
    if (refusal) return { status: 'refused', message: refusal.message };
    console.error('[verify] verify_certificate failed:', answer.status, answer.body);
    return { status: 'unreachable' };
  }
  const row = Array.isArray(answer.body) ? (answer.body[0] as Row | undefined) : undefined;
  if (!row || row.status === 'not_found') return { status: 'not_found' };
  const certificate: CertificateFacts = {
    holderName: row.holder_name,
    programTitle: row.program_title,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    hours: row.hours,
    issuedAt: row.issued_at,
  };
  if (row.status === 'revoked' && row.revoked_at) return { status: 'revoked', certificate, revokedAt: row.revoked_at };
  return { status: 'valid', certificate };
}
