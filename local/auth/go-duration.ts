/** Parses Go duration strings ("24h", "1h30m", "90s"), the format of GoTrue's ban_duration. */
const unitMs: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or null when the text is not a Go duration. */
export function parseGoDuration(text: string): number | null {
  if (text === '0') return 0;
  const part = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  while (at < text.length) {
    part.lastIndex = at;
    const match = part.exec(text);
    if (!match?.[1] || !match[2]) return null;
    total += Number(match[1]) * (unitMs[match[2]] ?? 0);
    at = part.lastIndex;
  }
  return at > 0 ? total : null;
}
