/**
 * order-invoice: the pro-forma invoice of an order as a PDF, by its confirmation token:
 * `GET /functions/v1/order-invoice?token=<token>` (verify_jwt = false: a plain link downloads it).
 * The order is read with the anon key through get_order, as the visitor could; 404 reveals nothing.
 */
import { corsHeaders } from '../_shared/http.ts';
import { renderInvoicePdf } from '../_shared/invoice-pdf.ts';
import { parseOrder } from '../../../domain/order-document.ts';
import { fetchInstituteSettings } from '../_shared/site-settings.ts';
import { createAnonClient } from '../_shared/supabase-anon.ts';

const headers = { ...corsHeaders, 'Access-Control-Allow-Methods': 'GET, OPTIONS' };

function text(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra },
  });
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers });
  if (req.method !== 'GET') return text(405, 'Method not allowed.', { Allow: 'GET, OPTIONS' });
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return text(404, 'Order not found.');
  try {
    const { data, error } = await createAnonClient().rpc('get_order', { token });
    if (error) throw new Error(`get_order failed: ${error.message} (${error.code})`);
    if (data === null) return text(404, 'Order not found.');
    const order = parseOrder(data);
    const pdf = await renderInvoicePdf(order, await fetchInstituteSettings());
    return new Response(new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), {
      headers: {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${order.reference}-pro-forma-invoice.pdf"`,
        // The order's state (status, code) can change: always ask again.
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    console.error('[order-invoice] could not make an invoice:', error);
    return text(500, 'The invoice could not be made right now. Please try again later.');
  }
}
