/**
 * A newsletter campaign's body as marketing writes it (plain text) and as the mail worker reads
 * it: paragraphs separated by blank lines, and catalogue blocks, each a line of its own such as
 * `[[program:<id>]]`. A block is a reference by id: the worker renders it from the catalogue
 * when the mail is sent, so the text never carries markup or a frozen price.
 */

export const CAMPAIGN_BLOCK_KINDS = ['program', 'intake', 'event'] as const;
export type CampaignBlockKind = (typeof CAMPAIGN_BLOCK_KINDS)[number];

export type CampaignBodyPart =
  { type: 'paragraph'; lines: string[] } | { type: 'block'; kind: CampaignBlockKind; id: string };

const blockLine = /^\[\[(program|intake|event):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]\]$/i;

/** The line the form inserts for a catalogue item. */
export function campaignBlockToken(kind: CampaignBlockKind, id: string): string {
  return `[[${kind}:${id}]]`;
}

/** Paragraphs (their lines trimmed) and blocks, in the order written; a block line also ends a paragraph. */
export function parseCampaignBody(text: string): CampaignBodyPart[] {
  const parts: CampaignBodyPart[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) parts.push({ type: 'paragraph', lines });
    lines = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const block = blockLine.exec(line);
    if (block) {
      flush();
      parts.push({ type: 'block', kind: block[1]!.toLowerCase() as CampaignBlockKind, id: block[2]!.toLowerCase() });
    } else if (line === '') flush();
    else lines.push(line);
  }
  flush();
  return parts;
}

/** The ids each kind of block refers to, once each: what the worker reads from the catalogue. */
export function campaignBlockIds(parts: CampaignBodyPart[]): Record<CampaignBlockKind, string[]> {
  const ids: Record<CampaignBlockKind, Set<string>> = { program: new Set(), intake: new Set(), event: new Set() };
  for (const part of parts) if (part.type === 'block') ids[part.kind].add(part.id);
  return { program: [...ids.program], intake: [...ids.intake], event: [...ids.event] };
}
