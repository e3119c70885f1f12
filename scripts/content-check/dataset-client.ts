/**
 * A read-only Sanity client over the seed dataset (GROQ evaluated by groq-js), so validateDocument can
 * run custom rules and Sanity's own slug-uniqueness query offline.
 */
import { evaluate, parse } from 'groq-js';
import type { ValidationClient } from '@sanity/validation';
import type { SeedDocument } from './dataset.ts';

function offline(): never {
  throw new Error('not available offline: the dataset client only answers GROQ queries');
}

export function datasetClient(documents: readonly SeedDocument[]): ValidationClient {
  const fetch = async <R = unknown>(query: string, params: Record<string, unknown> = {}): Promise<R> => {
    const tree = parse(query, { params });
    const result: unknown = await (await evaluate(tree, { dataset: documents, params })).get();
    return result as R;
  };
  const client: ValidationClient = {
    fetch,
    getDataUrl: (operation: string, path?: string) => `dataset:/${operation}/${path ?? ''}`,
    observable: { fetch: offline, request: offline },
    withConfig: () => client,
  };
  return client;
}
