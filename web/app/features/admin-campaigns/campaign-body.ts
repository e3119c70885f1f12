/**
 * The campaign text in the form: its stored HTML (body_html, the text as written: paragraphs
 * separated by blank lines, every character escaped), and the insertion of a catalogue block's
 * line. The mail itself is rendered by the mail worker from the text (campaign-blocks.ts).
 */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function campaignBodyHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The text with a block's line inserted at the cursor: on a line of its own (the current line is
 * split there when the cursor is inside it), and where the cursor lands after it.
 */
export function insertBlockLine(text: string, cursor: number, token: string): { text: string; cursor: number } {
  const at = Math.max(0, Math.min(cursor, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${token}${trail}`;
  return { text: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}
