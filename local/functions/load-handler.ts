/** Imports a function's `handler.ts` once and checks it default-exports a request handler. */
import { pathToFileURL } from 'node:url';

export type EdgeHandler = (request: Request) => Promise<Response>;

export async function loadHandler(file: string): Promise<EdgeHandler> {
  const module: unknown = await import(pathToFileURL(file).href);
  if (typeof module !== 'object' || module === null || !('default' in module) || typeof module.default !== 'function') {
    throw new TypeError(`${file} must default-export (req: Request) => Promise<Response>`);
  }
  const handler = module.default;
  return async (request) => {
    const response: unknown = await handler(request);
    if (!(response instanceof Response)) throw new TypeError(`${file} returned ${typeof response}, not a Response`);
    return response;
  };
}
