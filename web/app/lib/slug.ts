/**
 * A slug made from a title, by the rule the database uses for events (private.event_slug_default
 * in 20261125010200_event_registrations.sql): lower case, every run of other characters one
 * hyphen, no hyphen at either end, at most 80 characters. "Project Management & Leadership" ->
 * "project-management-leadership". Accents are dropped first ("Café" -> "cafe").
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
