/** Display and input formats shared by the admin catalogue screens. */

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** An instant in the browser's time zone (the one the form's datetime-local fields use). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar date ("2026-12-01") as written, without shifting it across time zones. */
export function formatDate(isoDate: string): string {
  return date.format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant as a datetime-local value ("2026-12-01T09:00") in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const value = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

export function publishedLabel(published: boolean): string {
  return published ? 'Published' : 'Unpublished';
}
