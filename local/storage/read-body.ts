/**
 * Reads a request body up to a byte limit with local/http's cap: a declared length above it is
 * refused unread (413 EntityTooLarge), and a streamed body stops being read once it passes it.
 */
import { BodyTooLargeError, readCapped } from '../http/body-limit.ts';
import { errors } from './errors.ts';

export async function readBody(request: Request, limit: number): Promise<Buffer> {
  try {
    return Buffer.from(await readCapped(request, limit));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw errors.entityTooLarge();
    throw error;
  }
}
