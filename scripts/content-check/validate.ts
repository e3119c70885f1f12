/**
 * Checks a seed dataset against the schema: Sanity's own validateDocument for every document, plus what it
 * does not check (unknown types and fields, references, keys, image files, singleton ids, unique slugs and
 * redirect sources) and the copy rules (every public route has its document and enough words).
 */
import { createSchema, type Path, type SchemaType } from 'sanity';
import { validateDocument, type DocumentValidationMarker } from '@sanity/validation';
import { schemaTypes, singletonTypes } from '../../schemas/index.ts';
import { ROUTES, type RouteDocument } from '../../web/app/config/routes-table.ts';
import { loadDataset, type Dataset, type SeedDocument } from './dataset.ts';
import { datasetClient } from './dataset-client.ts';
import type { Problem } from './problems.ts';
import { walkDocument } from './walk.ts';
import { typeAtPath } from './type-at-path.ts';

export const MIN_WORDS_PER_ROUTE = 150;
export const MIN_WORDS_TOTAL = 8000;

export interface ValidateOptions {
  /** Public path -> document; every one must exist with enough words. Default: the site's route table. */
  routes?: Readonly<Record<string, RouteDocument>>;
  minWordsPerRoute?: number;
  minWordsTotal?: number;
}

export interface ContentReport {
  problems: Problem[];
  errorCount: number;
  documentCount: number;
  words: { total: number; byDocument: Map<string, number>; byRoute: Map<string, number> };
}

const schema = createSchema({ name: 'default', types: schemaTypes });

function formatPath(path: Path): string {
  return path
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (typeof segment === 'string') return i === 0 ? segment : `.${segment}`;
      return '_key' in segment ? `[_key=="${segment._key}"]` : `[${String(segment)}]`;
    })
    .join('');
}

function fromMarker(document: SeedDocument, type: SchemaType, marker: DocumentValidationMarker): Problem | undefined {
  // The walker reports unknown fields as errors; Sanity's copy of that check is only a warning.
  if (marker.code === 'object.unknown-field') return undefined;
  const demoted = marker.level === 'warning' && typeAtPath(type, document, marker.path)?.jsonType === 'object';
  const level = marker.level === 'error' || demoted ? 'error' : 'warning';
  return { level, documentId: document._id, path: formatPath(marker.path) || undefined, message: marker.message };
}

async function sanityValidation(document: SeedDocument, type: SchemaType, dataset: Dataset): Promise<Problem[]> {
  const { markers } = await validateDocument({
    document: { _createdAt: '', _updatedAt: '', _rev: '', ...document },
    schema,
    client: datasetClient(dataset.documents),
    getDocumentExists: async ({ id }) => dataset.byId.has(id),
  });
  return markers.flatMap((marker) => fromMarker(document, type, marker) ?? []);
}

const slugOf = (document: SeedDocument): string | undefined => {
  const slug = document.slug as { current?: unknown } | undefined;
  return typeof slug?.current === 'string' ? slug.current : undefined;
};

/** Values that must be unique within a document type: slugs, and redirect sources. */
function uniquenessProblems(documents: SeedDocument[]): Problem[] {
  const seen = new Map<string, string[]>();
  for (const document of documents) {
    const value = document._type === 'redirect' ? document.source : slugOf(document);
    if (typeof value !== 'string') continue;
    const key = `${document._type} ${document._type === 'redirect' ? 'source' : 'slug'} "${value}"`;
    seen.set(key, [...(seen.get(key) ?? []), document._id]);
  }
  return [...seen]
    .filter(([, ids]) => ids.length > 1)
    .map(([key, ids]) => ({ level: 'error', message: `${key} is used by ${ids.join(', ')}` }));
}

function singletonProblems(documents: SeedDocument[]): Problem[] {
  return [...singletonTypes].flatMap((type): Problem[] => {
    const found = documents.filter((d) => d._type === type);
    if (found.length === 0)
      return [{ level: 'error', message: `singleton "${type}" is missing (its _id must be "${type}")` }];
    return found
      .filter((d) => d._id !== type)
      .map((d) => ({ level: 'error', documentId: d._id, message: `singleton "${type}" must have _id "${type}"` }));
  });
}

export async function validateContent(dir: string, options: ValidateOptions = {}): Promise<ContentReport> {
  const { routes = ROUTES, minWordsPerRoute = MIN_WORDS_PER_ROUTE, minWordsTotal = MIN_WORDS_TOTAL } = options;
  const dataset = loadDataset(dir);
  const problems: Problem[] = [...dataset.problems];
  const byDocument = new Map<string, number>();

  await Promise.all(
    dataset.documents.map(async (document) => {
      if (document._id.startsWith('drafts.')) {
        problems.push({ level: 'error', documentId: document._id, message: 'drafts do not belong in the seed' });
      }
      const type: SchemaType | undefined = schema.get(document._type);
      if (!type || type.type?.name !== 'document') {
        if (document._type.startsWith('sanity.')) return; // asset documents of an exported dataset
        problems.push({
          level: 'error',
          documentId: document._id,
          message: `unknown document type "${document._type}"`,
        });
        return;
      }
      const walked = walkDocument(document, type, dataset);
      byDocument.set(document._id, walked.words);
      problems.push(...walked.problems, ...(await sanityValidation(document, type, dataset)));
    }),
  );
  problems.push(...uniquenessProblems(dataset.documents), ...singletonProblems(dataset.documents));

  const byRoute = new Map<string, number>();
  for (const [path, { type, slug }] of Object.entries(routes)) {
    const document = dataset.documents.find((d) => d._type === type && slugOf(d) === slug);
    if (!document) {
      problems.push({ level: 'error', path, message: `no ${type} with slug "${slug}" for this route` });
      continue;
    }
    const words = byDocument.get(document._id) ?? 0;
    byRoute.set(path, words);
    if (words < minWordsPerRoute) {
      problems.push({
        level: 'error',
        documentId: document._id,
        path,
        message: `${words} words of copy; at least ${minWordsPerRoute} needed`,
      });
    }
  }
  const total = [...byDocument.values()].reduce((sum, n) => sum + n, 0);
  if (total < minWordsTotal)
    problems.push({ level: 'error', message: `the dataset has ${total} words; at least ${minWordsTotal} needed` });

  return {
    problems,
    errorCount: problems.filter((p) => p.level === 'error').length,
    documentCount: dataset.documents.length,
    words: { total, byDocument, byRoute },
  };
}
