/**
 * The schema type at a validation marker's path inside a document. Needed because @sanity/validation 6.16
 * (CLI mode) turns every rule on an object-typed value into a warning: it appends its unknown-field check to
 * that rule with `.warning()`. So a "warning" on an object-typed value (a required image, a slug format rule)
 * is really an error of this schema, which declares warnings only on strings.
 */
import type { Path, SchemaType } from 'sanity';

const isObj = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function typeAtPath(type: SchemaType, value: unknown, path: Path): SchemaType | undefined {
  let current: SchemaType | undefined = type;
  let node: unknown = value;
  for (const segment of path) {
    if (!current) return undefined;
    if (typeof segment === 'string') {
      const fields: { name: string; type: SchemaType }[] =
        'fields' in current && Array.isArray(current.fields) ? current.fields : [];
      current = fields.find((f) => f.name === segment)?.type;
      node = isObj(node) ? node[segment] : undefined;
      continue;
    }
    const items: unknown[] = Array.isArray(node) ? node : [];
    const item =
      typeof segment === 'number'
        ? items[segment]
        : items.find((i) => isObj(i) && '_key' in segment && i._key === segment._key);
    const members: SchemaType[] = 'of' in current && Array.isArray(current.of) ? current.of : [];
    current =
      members.find((m) => isObj(item) && m.name === item._type) ?? (members.length === 1 ? members[0] : undefined);
    node = item;
  }
  return current;
}
