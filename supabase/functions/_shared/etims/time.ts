/** eTIMS's times: Nairobi wall-clock digits (EAT is UTC+3 all year), YYYYMMDDhhmmss and YYYYMMDD. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

export function etimsDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('eTIMS needs a valid date and time');
  return new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

export const etimsDate = (instant: Date): string => etimsDateTime(instant).slice(0, 8);
