/**
 * The website's GROQ queries evaluated (groq-js) over the seed in content/: each public route's query
 * returns its document, and paths computed in GROQ agree with the route table.
 */
import { resolve } from 'node:path';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { ROUTES, documentForPath, pathForDocument } from '../../web/app/config/routes-table.ts';
import * as queries from '../../web/app/lib/sanity/queries.ts';
import { loadDataset } from './dataset.ts';

const { documents } = loadDataset(resolve(import.meta.dirname, '../../content'));

async function run(query: string, params: Record<string, unknown> = {}): Promise<unknown> {
  return (await evaluate(parse(query, { params }), { dataset: documents, params })).get();
}

const BY_TYPE = {
  page: queries.PAGE_QUERY,
  service: queries.SERVICE_QUERY,
  trainingModel: queries.TRAINING_MODEL_QUERY,
};

/** The resolved `href` of every internal link anywhere in a query result. */
function internalHrefs(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(internalHrefs);
  if (typeof value !== 'object' || value === null) return [];
  const own = 'kind' in value && value.kind === 'internal' && 'href' in value ? [value.href] : [];
  return [...own, ...Object.values(value).flatMap(internalHrefs)];
}

describe('GROQ queries over the seed', () => {
  it.each(Object.entries(ROUTES))('%s: its query returns the document with the canonical path', async (path, doc) => {
    const result = (await run(BY_TYPE[doc.type], { slug: doc.slug })) as {
      path?: string;
      pageBuilder?: unknown[];
    } | null;
    expect(result).not.toBeNull();
    expect(result?.path).toBe(pathForDocument(doc));
    expect(documentForPath(result?.path ?? '')).toEqual(doc);
    expect(result?.pageBuilder?.length ?? 0).toBeGreaterThan(0);
  });

  it('lists every routable document with the path the route table gives it', async () => {
    const rows = (await run(queries.ROUTABLE_DOCUMENTS_QUERY)) as { _type: 'page'; slug: string; path: string }[];
    for (const row of rows) expect(row.path).toBe(pathForDocument({ type: row._type, slug: row.slug }));
    expect(new Set(rows.map((r) => r.path))).toEqual(new Set(Object.values(ROUTES).map(pathForDocument)));
  });

  it('resolves settings and navigation, whose internal links point at public routes', async () => {
    const settings = await run(queries.SITE_SETTINGS_QUERY);
    const navigation = await run(queries.NAVIGATION_QUERY);
    expect(settings).toMatchObject({ instituteName: expect.any(String), phone: expect.any(String) });
    const internal = [...internalHrefs(settings), ...internalHrefs(navigation)];
    expect(internal.length).toBeGreaterThan(0);
    expect(internal.filter((href) => typeof href !== 'string' || !documentForPath(href))).toEqual([]);
  });

  it('returns redirects with a source and a destination', async () => {
    const redirects = (await run(queries.REDIRECTS_QUERY)) as { source: string; destination: string }[];
    for (const r of redirects) expect(r.source).toMatch(/^\//);
  });
});
