/** eTIMS writes times as Nairobi wall-clock digits (EAT, UTC+3 all year): YYYYMMDDhhmmss. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

export function etimsDateTime(instant: Date): string {
  return new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}
