/**
 * Text for PDFs drawn with the standard fonts (Helvetica), which encode WinAnsi only: accents
 * dropped, typographic quotes and dashes plain, anything else a question mark. The invoice (edge
 * function) and the admin's sign-in sheets both draw through it.
 */
export function toWinAnsi(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
