/**
 * certificate-pdf: a certificate's PDF for staff, `POST { id }` with the staff member's own JWT
 * (verify_jwt = true). The certificate is read as the caller, so RLS decides: staff with the
 * certificates role (programmes, front desk, admin) get the PDF, anyone else 404 as for an
 * unknown id. The PDF is the one the certificate e-mail carries (same renderer, same CMS settings).
 */
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from '../../database.types.ts';
import { certificateIssuer } from '../_shared/certificate-issuer.ts';
import { certificateDocument, certificateFileName, renderCertificatePdf } from '../_shared/certificate-pdf.ts';
import { getEnv, requireEnv } from '../_shared/env.ts';
import { corsHeaders, json, preflight } from '../_shared/http.ts';
import { bearer } from '../_shared/service-role.ts';
import { fetchInstituteSettings } from '../_shared/site-settings.ts';

const input = z.object({ id: z.uuid() });

async function readInput(req: Request): Promise<z.infer<typeof input> | undefined> {
  try {
    const parsed = input.safeParse(JSON.parse(await req.text()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST, OPTIONS' });
  const body = await readInput(req);
  if (!body) return json({ message: 'Send { "id": "<certificate id>" }.' }, 400);
  try {
    const asCaller = createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
      global: { headers: { Authorization: `Bearer ${bearer(req)}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { data, error } = await asCaller
      .from('certificates')
      .select('code, holder_name, program_title, starts_on, ends_on, hours, issued_at')
      .eq('id', body.id)
      .maybeSingle();
    // Not staff (no grant, or RLS hides the row) reads the same as an unknown certificate.
    if ((error && (error.code === '42501' || error.code.startsWith('PGRST3'))) || (!error && !data)) {
      return json({ message: 'There is no such certificate, or you may not read it.' }, 404);
    }
    if (error) throw new Error(`could not read the certificate: ${error.message} (${error.code})`);
    const certificate = certificateDocument(data!, getEnv('SITE_URL') ?? 'http://127.0.0.1:3000');
    const settings = await fetchInstituteSettings();
    const pdf = await renderCertificatePdf(certificate, await certificateIssuer(settings));
    return new Response(new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), {
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${certificateFileName(certificate)}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    console.error('[certificate-pdf] could not make a certificate:', error);
    return json({ message: 'The certificate could not be made right now. Please try again later.' }, 500);
  }
}
