/**
 * Walks a document along its compiled schema type: flags unknown `_type`s and fields, missing or duplicate
 * `_key`s, references that do not resolve (or point at a type the field does not allow), missing image
 * files; and counts the words of the document's own copy.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaType } from 'sanity';
import type { Dataset } from './dataset.ts';
import type { Problem } from './problems.ts';
import { countWords } from './words.ts';

/** Fields that are not reader-facing copy: not counted as words. */
const NOT_COPY = new Set(['alt', 'anchor', 'href', 'url', 'marks', 'source', 'destination', 'phone']);
/** Types whose text is not copy (slugs, URLs) or is not shown on the page (SEO). */
const NOT_COPY_TYPES = new Set(['slug', 'url', 'email', 'date', 'datetime', 'seo']);
const SANITY_ASSET = /^image@file:\/\/\.\/(images\/[^/].*)$/;

export interface WalkResult {
  problems: Problem[];
  words: number;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when `type` is `name` or extends it (a reference field is a type whose chain reaches 'reference'). */
function isA(type: SchemaType | undefined, name: string): boolean {
  for (let t = type; t; t = t.type) if (t.name === name) return true;
  return false;
}

function hasOptionsList(type: SchemaType): boolean {
  const options: unknown = type.options;
  return isObj(options) && Array.isArray(options.list);
}

export function walkDocument(document: Obj & { _id: string }, type: SchemaType, dataset: Dataset): WalkResult {
  const problems: Problem[] = [];
  let words = 0;
  const report = (path: string, message: string): void => {
    problems.push({ level: 'error', documentId: document._id, path: path || undefined, message });
  };

  function visitObject(value: Obj, type: SchemaType, path: string, copy: boolean): void {
    if (typeof value._type === 'string' && path !== '' && !isA(type, value._type)) {
      report(path, `_type "${value._type}" where "${type.name}" is expected`);
    }
    if (isA(type, 'reference')) return visitReference(value, type, path);
    if (isA(type, 'image') && '_sanityAsset' in value) visitAsset(value._sanityAsset, path);
    const fields = 'fields' in type && Array.isArray(type.fields) ? type.fields : [];
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('_')) continue;
      const field = fields.find((f) => f.name === key);
      if (!field) {
        report(`${path}${path ? '.' : ''}${key}`, `unknown field "${key}" on type "${type.name}"`);
        continue;
      }
      const childCopy = copy && !NOT_COPY.has(key) && ![...NOT_COPY_TYPES].some((n) => isA(field.type, n));
      visit(child, field.type, `${path}${path ? '.' : ''}${key}`, childCopy);
    }
  }

  function visitReference(value: Obj, type: SchemaType, path: string): void {
    const ref = value._ref;
    if (typeof ref !== 'string' || ref === '') return report(path, 'reference without _ref');
    const target = dataset.byId.get(ref);
    if (!target) return report(path, `reference to missing document "${ref}"`);
    const allowed = 'to' in type && Array.isArray(type.to) ? type.to.map((t: SchemaType) => t.name) : [];
    if (allowed.length > 0 && !allowed.includes(target._type)) {
      report(path, `reference to "${ref}" of type "${target._type}"; allowed: ${allowed.join(', ')}`);
    }
  }

  function visitAsset(asset: unknown, path: string): void {
    const match = typeof asset === 'string' ? SANITY_ASSET.exec(asset) : null;
    if (!match?.[1])
      return report(path, `_sanityAsset must look like "image@file://./images/<file>", got ${JSON.stringify(asset)}`);
    if (!existsSync(join(dataset.dir, match[1]))) report(path, `image file missing: ${join(dataset.dir, match[1])}`);
  }

  function visitArray(items: unknown[], type: SchemaType, path: string, copy: boolean): void {
    const members: SchemaType[] = 'of' in type && Array.isArray(type.of) ? type.of : [];
    const keys = new Set<string>();
    items.forEach((item, index) => {
      const itemPath = `${path}[${index}]`;
      if (!isObj(item)) return visit(item, members[0] ?? type, itemPath, copy);
      if (typeof item._key !== 'string' || item._key === '') report(itemPath, 'array item without _key');
      else if (keys.has(item._key)) report(itemPath, `duplicate _key "${item._key}"`);
      else keys.add(item._key);
      const member = members.find((m) => m.name === item._type);
      if (!member) {
        const allowed = members.map((m) => m.name).join(', ');
        return report(itemPath, `unknown _type ${JSON.stringify(item._type)} here; allowed: ${allowed}`);
      }
      visitObject(item, member, itemPath, copy);
    });
  }

  function visit(value: unknown, type: SchemaType, path: string, copy: boolean): void {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      if (type.jsonType !== 'array') return report(path, `an array where ${type.jsonType} "${type.name}" is expected`);
      return visitArray(value, type, path, copy);
    }
    if (isObj(value)) {
      if (type.jsonType !== 'object')
        return report(path, `an object where ${type.jsonType} "${type.name}" is expected`);
      return visitObject(value, type, path, copy);
    }
    if (typeof value === 'string' && copy && !hasOptionsList(type)) words += countWords(value);
  }

  visitObject(document, type, '', true);
  return { problems, words };
}
