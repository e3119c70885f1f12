/** The words for a failed catalogue call, whichever shape it was thrown in (catalogue-data wraps PostgREST's errors). */
import { describeDbError } from '../../components/admin/describe-db-error';
import { DbError } from './catalogue-data';

export function errorWords(error: unknown): string {
  return describeDbError(error instanceof DbError ? error.cause : error);
}
