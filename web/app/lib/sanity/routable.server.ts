/**
 * Loads the document a public path renders, through the slug-to-route table: published and cached,
 * or (preview mode) with another reader of the same queries (features/preview/draft-content.server.ts).
 */
import type { RouteDocument } from '../../config/routes-table';
import { fetchContent } from './fetch.server';
import { PAGE_QUERY, SERVICE_QUERY, TRAINING_MODEL_QUERY } from './queries';

export async function loadRoutableDocument({ type, slug }: RouteDocument, read: typeof fetchContent = fetchContent) {
  switch (type) {
    case 'page':
      return read(PAGE_QUERY, { slug });
    case 'service':
      return read(SERVICE_QUERY, { slug });
    case 'trainingModel':
      return read(TRAINING_MODEL_QUERY, { slug });
  }
}

export type RoutableDocument = NonNullable<Awaited<ReturnType<typeof loadRoutableDocument>>>;
export type PageBuilderBlock = NonNullable<RoutableDocument['pageBuilder']>[number];
