/**
 * Phone numbers as checkout takes them: Kenyan (0712 345 678, 0112345678, 254712345678,
 * +254 712 345 678) or international (+44 20 7946 0958, 0044 ...), with spaces, dashes, dots and
 * brackets. The same rule as the database's private.normalise_phone, so the form refuses exactly
 * what the order function would.
 */

/** The number in E.164 (+254712345678), or null when it is not a phone number. */
export function normalisePhone(raw: string): string | null {
  if (raw.length > 30 || !/^\+?[0-9 ().-]+$/.test(raw.trim())) return null;
  let compact = raw.replace(/[ ().-]/g, '');
  if (/^0[17][0-9]{8}$/.test(compact)) return `+254${compact.slice(1)}`;
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  else if (compact.startsWith('254')) compact = `+${compact}`;
  if (compact.startsWith('+254')) return /^\+254[17][0-9]{8}$/.test(compact) ? compact : null;
  return /^\+[1-9][0-9]{7,14}$/.test(compact) ? compact : null;
}

/**
 * A stored number (E.164) for people to read: Kenyan ones grouped as Kenyans write them
 * (+254 712 345 678); others as stored, since their grouping depends on the country.
 */
export function formatPhone(e164: string): string {
  const kenyan = /^\+254([17][0-9]{2})([0-9]{3})([0-9]{3})$/.exec(e164);
  return kenyan ? `+254 ${kenyan[1]} ${kenyan[2]} ${kenyan[3]}` : e164;
}
