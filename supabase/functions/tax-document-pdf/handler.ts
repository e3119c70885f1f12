/**
 * tax-document-pdf: a tax invoice, credit note or payment receipt as a PDF (verify_jwt = false: a
 * plain link works).
 *  - The customer: `GET ?document=<id>&token=<order confirmation token>` (a receipt:
 *    `?receipt=<id>&token=...`), linked from the order's confirmation page; read with the anon
 *    key, as the visitor could.
 *  - Finance staff (and admin): `POST { id }` (a receipt: `POST { receipt }`) with their own JWT;
 *    read as the caller, so the database decides (private.staff_may, aal2).
 * Both read public.tax_document_for_pdf / payment_receipt_for_pdf, which answer null to anyone
 * else: 404 reveals nothing.
 */
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from '../../database.types.ts';
import { requireEnv } from '../_shared/env.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { bearer } from '../_shared/service-role.ts';
import { paymentReceiptFileName } from '../../../domain/payment-receipt.ts';
import { renderPaymentReceiptPdf, type PaymentReceiptData } from '../_shared/payment-receipt-pdf.ts';
import { fetchInstituteSettings, type InstituteSettings } from '../_shared/site-settings.ts';
import { createAnonClient } from '../_shared/supabase-anon.ts';
import { renderTaxDocumentPdf, taxDocumentFileName, type TaxDocumentData } from '../_shared/tax-document-pdf.ts';
import { documentVerificationUrl } from '../_shared/tax-document-verification.ts';

const headers = { ...corsHeaders, 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS' };
const uuid = z.uuid();
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

type Kind = 'tax_document' | 'payment_receipt';
type Read = { kind: Kind; document: string; token: string | null; caller: string | null };

async function readRequest(req: Request): Promise<Read | undefined> {
  if (req.method === 'GET') {
    const params = new URL(req.url).searchParams;
    const kind: Kind = params.has('receipt') ? 'payment_receipt' : 'tax_document';
    const document = uuid.safeParse(params.get(kind === 'payment_receipt' ? 'receipt' : 'document'));
    const given = token.safeParse(params.get('token'));
    return document.success && given.success
      ? { kind, document: document.data, token: given.data, caller: null }
      : undefined;
  }
  try {
    const parsed = z
      .union([z.object({ id: uuid }).strict(), z.object({ receipt: uuid }).strict()])
      .safeParse(JSON.parse(await req.text()));
    if (!parsed.success) return undefined;
    return 'receipt' in parsed.data
      ? { kind: 'payment_receipt', document: parsed.data.receipt, token: null, caller: bearer(req) }
      : { kind: 'tax_document', document: parsed.data.id, token: null, caller: bearer(req) };
  } catch {
    return undefined;
  }
}

/** The PDF and its file name, from what the database answered. */
async function render(kind: Kind, data: unknown, settings: InstituteSettings) {
  if (kind === 'payment_receipt') {
    const receipt = data as PaymentReceiptData;
    return {
      pdf: await renderPaymentReceiptPdf(receipt, settings),
      name: paymentReceiptFileName(receipt.document_number),
    };
  }
  const document = data as TaxDocumentData;
  return {
    pdf: await renderTaxDocumentPdf(document, settings, documentVerificationUrl(document)),
    name: taxDocumentFileName(document),
  };
}

function notFound(): Response {
  return json({ message: 'There is no such document, or you may not read it.' }, 404, headers);
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers });
  if (req.method !== 'GET' && req.method !== 'POST')
    return json({ message: 'Method not allowed.' }, 405, { ...headers, Allow: 'GET, POST, OPTIONS' });
  const read = await readRequest(req);
  if (!read) {
    return json(
      {
        message:
          'Ask with ?document=<id>&token=<order token> (a receipt: ?receipt=<id>&token=...), or POST { "id": "<document id>" } or { "receipt": "<receipt id>" } as staff.',
      },
      400,
      headers,
    );
  }
  try {
    const client = read.caller
      ? createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
          global: { headers: { Authorization: `Bearer ${read.caller}` } },
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        })
      : createAnonClient();
    const given = read.token ? { token: read.token } : {};
    const { data, error } =
      read.kind === 'payment_receipt'
        ? await client.rpc('payment_receipt_for_pdf', { receipt: read.document, ...given })
        : await client.rpc('tax_document_for_pdf', { document: read.document, ...given });
    // A caller whose JWT the API refuses reads as one who may not: 404, not a 500.
    if (error && (error.code === 'PGRST301' || error.code === 'PGRST302' || error.code === '42501')) return notFound();
    if (error) throw new Error(`reading the ${read.kind} failed: ${error.message} (${error.code})`);
    if (data === null) return notFound();
    const { pdf, name } = await render(read.kind, data, await fetchInstituteSettings());
    return new Response(new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), {
      headers: {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        // Registration with eTIMS changes what it prints: always ask again.
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    console.error('[tax-document-pdf] could not make a document:', error);
    return json({ message: 'The document could not be made right now. Please try again later.' }, 500, headers);
  }
}
