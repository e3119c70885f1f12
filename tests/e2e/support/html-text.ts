/** The visible text of raw server HTML, for asserting copy without a browser (no JavaScript ran). */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** Collapses whitespace the way a reader sees it, so copy compares regardless of markup. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Text of `html` with scripts, styles, comments and tags removed and entities decoded. Block-level
 * closing tags become spaces so neighbouring paragraphs do not run together; inline tags vanish.
 */
export function htmlText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '');
  const spaced = withoutCode.replace(
    /<\/?(p|div|section|article|header|footer|main|nav|aside|h[1-6]|li|ul|ol|dl|dt|dd|tr|td|th|table|figure|figcaption|blockquote|br|hr|address|button|label)\b[^>]*>/gi,
    ' ',
  );
  return normaliseText(decodeEntities(spaced.replace(/<[^>]+>/g, '')));
}

/** Text of each `<h1>` in `html`. */
export function h1Texts(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((match) => htmlText(match[1] ?? ''));
}
