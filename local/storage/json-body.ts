/** A JSON request body (list and remove take one), refused in words when it is not an object. */
import { errors } from './errors.ts';
import { readBody } from './read-body.ts';

const maxJsonBytes = 1024 * 1024;

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const raw = await readBody(request, maxJsonBytes).catch(() => {
    throw errors.invalidRequest('Request body is too large');
  });
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw errors.invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.invalidRequest('body must be object');
  }
  return value as Record<string, unknown>;
}

export function isInteger(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= 2 ** 31 - 1;
}
