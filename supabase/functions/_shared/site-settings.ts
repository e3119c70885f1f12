/**
 * The institute's details and payment settings from the CMS (Sanity's HTTP query API, the same
 * on both runtimes): what invoices and order e-mails print. Locally SANITY_API_HOST points at the
 * content lake; hosted, the project's API CDN is used.
 */
import { z } from 'zod';
import { getEnv, requireEnv } from './env.ts';

const query = `*[_id == "siteSettings"][0]{
  instituteName, "logoUrl": logo.asset->url, certificateSignatory{name, title}, phone, email, address{street, area, city, country}, bookingsEmail,
  enquiryEmails{training, advisory, technology, insurance, other},
  payments{mpesaPaybill, kraPin, invoiceNote,
    bankAccounts[]{currency, bankName, branch, accountName, accountNumber, swiftCode}}
}`;

export type EnquiryTopic = 'training' | 'advisory' | 'technology' | 'insurance' | 'other';

const optional = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

const settingsSchema = z.object({
  instituteName: z.string().min(1),
  // The logo's address in the image API (e-mails show it); the name stands in without one.
  logoUrl: optional.optional(),
  // Who signs certificates; without a name they carry no signature line.
  certificateSignatory: z
    .object({ name: optional, title: optional })
    .nullish()
    .transform((value) => value ?? undefined)
    .optional(),
  phone: z.string().min(1),
  email: z.string().min(1),
  address: z.object({ street: z.string(), area: optional, city: z.string(), country: z.string() }),
  bookingsEmail: z.string().min(3),
  // Where /contact enquiries go, by topic; a topic without an address goes to the general e-mail.
  enquiryEmails: z
    .object({
      training: optional,
      advisory: optional,
      technology: optional,
      insurance: optional,
      other: optional,
    })
    .nullish()
    .transform((value): Partial<Record<EnquiryTopic, string>> => value ?? {}),
  payments: z.object({
    mpesaPaybill: z.string().regex(/^[0-9]{5,7}$/),
    kraPin: optional,
    invoiceNote: optional,
    bankAccounts: z
      .array(
        z.object({
          currency: z.enum(['KES', 'USD']),
          bankName: z.string(),
          branch: z.string(),
          accountName: z.string(),
          accountNumber: z.string(),
          swiftCode: optional,
        }),
      )
      .min(1),
  }),
});

export type InstituteSettings = z.infer<typeof settingsSchema>;

/** An image of the CMS (the logo) as a PNG `height` pixels tall, from the image API: mail programs and PDFs take no SVG. */
export function pngImageUrl(imageUrl: string, height: number): string {
  const url = new URL(imageUrl);
  url.searchParams.set('h', String(height));
  url.searchParams.set('fm', 'png');
  return url.toString();
}

/** Throws when the CMS cannot be reached or its settings lack what an invoice needs. */
export async function fetchInstituteSettings(): Promise<InstituteSettings> {
  const projectId = requireEnv('SANITY_PROJECT_ID');
  const dataset = requireEnv('SANITY_DATASET');
  const version = getEnv('SANITY_API_VERSION') ?? '2025-02-19';
  const host = getEnv('SANITY_API_HOST') ?? `https://${projectId}.apicdn.sanity.io`;
  const url = new URL(`/v${version}/data/query/${encodeURIComponent(dataset)}`, host);
  url.searchParams.set('query', query);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`The CMS answered ${response.status} to the site settings query`);
  const body: unknown = await response.json();
  const result = typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined;
  const parsed = settingsSchema.safeParse(result);
  if (!parsed.success) throw new Error(`The CMS site settings are incomplete: ${parsed.error.message}`);
  return parsed.data;
}
