/**
 * A campaign's HTML from the text marketing writes: paragraphs separated by blank lines, every
 * character escaped, so the mail's HTML is exactly the text (no markup from the form).
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
