/**
 * The certificate-pdf function on the running stack: staff get a certificate's PDF (the holder's
 * name printed, the QR code to /verify/<code>); the anon key and a signed-in account that is not
 * staff get 404, as for an unknown id, because the certificate is read as the caller under RLS.
 */
import { randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCertificateCode, generateCertificateCode } from '../../domain/certificate-code.ts';
import type { Database } from '../../supabase/database.types.ts';
import { pdfQrCode } from '../support/pdf-qr-code.ts';
import { pdfText } from '../support/pdf-text.ts';
import { passSecondFactor } from '../support/second-factor.ts';
import { stackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeIntake, makeProgram, orderArgs } from './support/orders.ts';

const stack = stackInfo();
let admin: SupabaseClient<Database>;
let certificateId = '';
let code = '';

beforeAll(async () => {
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const program = await makeProgram(admin);
  const intake = await makeIntake(admin, program.id);
  const buyer = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  const { data: order, error } = await buyer.client
    .rpc('create_order', orderArgs([line(program.id, intake, 1)]))
    .single();
  await buyer.close();
  if (error) throw new Error(`create_order: ${error.message}`);
  const { data: seat, error: seatError } = await admin
    .from('order_participants')
    .select('id, order_items!inner(program_id, intake_id, title, orders!inner(reference))')
    .eq('order_items.orders.reference', order.reference)
    .single();
  if (seatError) throw new Error(seatError.message);
  // As issuing writes it (issuing itself is tested in supabase/tests/certificates.test.ts).
  code = generateCertificateCode();
  const { data: certificate, error: insertError } = await admin
    .from('certificates')
    .insert({
      code,
      participant_id: seat.id,
      holder_name: 'Achieng Otieno',
      program_id: program.id,
      program_title: seat.order_items.title,
      intake_id: intake,
      starts_on: '2026-10-05',
      ends_on: '2026-10-09',
    })
    .select('id')
    .single();
  if (insertError) throw new Error(insertError.message);
  certificateId = certificate.id;
});

async function signedIn(staff: boolean): Promise<string> {
  const email = `certificate-pdf-${randomInt(1e9, 1e10)}@ascent.example`;
  const password = `Certificate-${randomInt(1e9, 1e10)}`;
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(error.message);
  if (staff) {
    const { error: staffError } = await admin.from('staff').insert({ user_id: data.user.id, email });
    if (staffError) throw new Error(staffError.message);
  }
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
  const { error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(signInError.message);
  if (staff) await passSecondFactor(client);
  return (await client.auth.getSession()).data.session?.access_token ?? '';
}

function certificatePdf(id: string, jwt: string): Promise<Response> {
  return fetch(`${stack.apiUrl}/functions/v1/certificate-pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  });
}

describe('certificate-pdf', () => {
  it('gives staff the PDF with the holder and the QR code to /verify/<code>', async () => {
    const response = await certificatePdf(certificateId, await signedIn(true));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const printed = formatCertificateCode(code);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${printed}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(await pdfText(bytes.slice())).toContain('Achieng Otieno');
    expect(await pdfQrCode(bytes)).toBe(`${stack.webUrl}/verify/${printed}`);
  });

  it('answers 404 to the anon key and to an account that is not staff, as to an unknown id; 400 to a bad body', async () => {
    const user = await signedIn(false);
    for (const jwt of [stack.anonKey, user]) {
      const response = await certificatePdf(certificateId, jwt);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'There is no such certificate, or you may not read it.' });
    }
    const staff = await signedIn(true);
    expect((await certificatePdf('00000000-0000-4000-8000-000000000000', staff)).status).toBe(404);
    expect((await certificatePdf('not-an-id', staff)).status).toBe(400);
  });
});
