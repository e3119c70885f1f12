/** Slug fields with the format rules of schemas/README.md; uniqueness stays Sanity's default check. */
import { defineField, type SlugValue } from 'sanity';

const segment = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** One path segment: lower-case words joined by hyphens (`strategic-leadership`). */
export const SEGMENT_SLUG = new RegExp(`^${segment}$`);
/** A page path without its leading `/`: segments joined by `/` (`about/mission-vision`). */
export const PATH_SLUG = new RegExp(`^${segment}(?:/${segment})*$`);

export function checkSlug(value: SlugValue | undefined, pattern: RegExp): true | string {
  const current = value?.current;
  if (current === undefined || pattern.test(current)) return true;
  return pattern === PATH_SLUG
    ? 'Use lower-case words joined by hyphens, segments separated by "/", no leading or trailing "/"'
    : 'Use lower-case words joined by hyphens, e.g. "strategic-leadership"';
}

/** A required slug generated from the title; `path` allows `/` between segments (pages only). */
export function slugField({ path = false, description }: { path?: boolean; description: string }) {
  const pattern = path ? PATH_SLUG : SEGMENT_SLUG;
  return defineField({
    name: 'slug',
    type: 'slug',
    description,
    options: { source: 'title', maxLength: 96 },
    validation: (rule) => rule.required().custom((value) => checkSlug(value, pattern)),
  });
}
