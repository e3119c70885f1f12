/** Loads the document a public path renders, through the slug-to-route table. */
import type { RouteDocument } from '../../config/routes-table';
import { fetchContent } from './fetch.server';
import { PAGE_QUERY, SERVICE_QUERY, TRAINING_MODEL_QUERY } from './queries';

export async function loadRoutableDocument({ type, slug }: RouteDocument) {
  switch (type) {
    case 'page':
      return fetchContent(PAGE_QUERY, { slug });
    case 'service':
      return fetchContent(SERVICE_QUERY, { slug });
    case 'trainingModel':
      return fetchContent(TRAINING_MODEL_QUERY, { slug });
  }
}

export type RoutableDocument = NonNullable<Awaited<ReturnType<typeof loadRoutableDocument>>>;
export type PageBuilderBlock = NonNullable<RoutableDocument['pageBuilder']>[number];
