/**
 * A campaign's body in its mail (issue 32): the text marketing wrote, escaped into paragraphs,
 * and its catalogue blocks rendered from the catalogue as it is when the mail is sent (title,
 * link, price and dates). A block whose program, intake or event is no longer on offer (deleted,
 * unpublished, cancelled or over; newsletter_catalogue_blocks leaves it out) is left out of the
 * mail, HTML and text alike: no dead link and no stale price.
 */
import { z } from 'zod';
import { campaignBlockIds, parseCampaignBody, type CampaignBlockKind } from '../../../domain/campaign-body.ts';
import { formatCalendarDate, formatDateTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { AdminClient } from '../_shared/supabase-admin.ts';
import { escapeHtml } from './mail-layout.ts';

/** One row of newsletter_catalogue_blocks: what a block shows, read at send time. */
export const catalogueBlock = z.object({
  kind: z.enum(['program', 'intake', 'event']),
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  price_amount: z.coerce.number().nullable(),
  currency: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  venue: z.string().nullable(),
});
export type CatalogueBlock = z.infer<typeof catalogueBlock>;

/** The catalogue items a campaign's text refers to, as they are now (only those on offer). */
export async function readCatalogueBlocks(admin: AdminClient, bodyText: string): Promise<CatalogueBlock[]> {
  const ids = campaignBlockIds(parseCampaignBody(bodyText));
  if (ids.program.length + ids.intake.length + ids.event.length === 0) return [];
  const { data, error } = await admin.rpc('newsletter_catalogue_blocks', {
    program_ids: ids.program,
    intake_ids: ids.intake,
    event_ids: ids.event,
  });
  if (error) throw new Error(`could not read the campaign's catalogue blocks: ${error.message} (${error.code})`);
  return z.array(catalogueBlock).parse(data);
}

const kindLabels: Record<CampaignBlockKind, string> = { program: 'Programme', intake: 'Intake', event: 'Event' };

function blockUrl(block: CatalogueBlock, siteUrl: string): string {
  const path =
    block.kind === 'event'
      ? `/events/${encodeURIComponent(block.slug)}/register`
      : `/training/${encodeURIComponent(block.slug)}`;
  return new URL(path, siteUrl).toString();
}

/** "7 Dec 2026 to 11 Dec 2026, Nairobi" for an intake, the times in EAT for an event; null for a program. */
function blockWhen(block: CatalogueBlock): string | null {
  let when: string | null = null;
  if (block.starts_on && block.ends_on)
    when =
      block.starts_on === block.ends_on
        ? formatCalendarDate(block.starts_on)
        : `${formatCalendarDate(block.starts_on)} to ${formatCalendarDate(block.ends_on)}`;
  if (block.starts_at && block.ends_at) when = `${formatDateTime(block.starts_at)} to ${formatDateTime(block.ends_at)}`;
  return when && block.venue ? `${when}, ${block.venue}` : when;
}

/** The price in the currency the catalogue has it in, by the one money module; an event without one is free. */
function blockPrice(block: CatalogueBlock): string {
  if (block.price_amount === null || block.currency === null) return 'Free';
  return formatMoney(block.price_amount, block.currency);
}

function blockHtml(block: CatalogueBlock, siteUrl: string): string {
  const when = blockWhen(block);
  const url = escapeHtml(blockUrl(block, siteUrl));
  return `<div style="border:1px solid #ccc;border-radius:6px;padding:12px 16px;margin:16px 0;">
<p style="margin:0;color:#555;font-size:0.85em;">${kindLabels[block.kind]}</p>
<p style="margin:4px 0;font-size:1.15em;font-weight:700;"><a href="${url}">${escapeHtml(block.title)}</a></p>
${when ? `<p style="margin:4px 0;">${escapeHtml(when)}</p>\n` : ''}<p style="margin:4px 0;font-weight:700;">${escapeHtml(blockPrice(block))}</p>
<p style="margin:8px 0 0;"><a href="${url}">See the details</a></p>
</div>`;
}

function blockText(block: CatalogueBlock, siteUrl: string): string {
  const when = blockWhen(block);
  return [`${kindLabels[block.kind]}: ${block.title}`, when, blockPrice(block), blockUrl(block, siteUrl)]
    .filter((line) => line !== null)
    .join('\n');
}

/** The body's HTML (everything escaped; blocks from the catalogue) and its plain text. */
export function renderCampaignBody(
  bodyText: string,
  blocks: CatalogueBlock[],
  siteUrl: string,
): { html: string; text: string } {
  const found = new Map(blocks.map((block) => [`${block.kind}:${block.id}`, block]));
  const html: string[] = [];
  const text: string[] = [];
  for (const part of parseCampaignBody(bodyText)) {
    if (part.type === 'paragraph') {
      html.push(`<p>${part.lines.map(escapeHtml).join('<br>')}</p>`);
      text.push(part.lines.join('\n'));
      continue;
    }
    const block = found.get(`${part.kind}:${part.id}`);
    if (!block) continue;
    html.push(blockHtml(block, siteUrl));
    text.push(blockText(block, siteUrl));
  }
  return { html: html.join('\n'), text: text.join('\n\n') };
}
