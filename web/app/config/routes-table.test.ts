/** The route table covers the spec's public CMS paths and its lookups agree with each other. */
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS, ROUTES, documentForPath, pathForDocument } from './routes-table.ts';

describe('route table', () => {
  it('lists the 30 public CMS paths of the spec, and the booking terms', () => {
    expect(ROUTE_PATHS).toHaveLength(31);
    expect(ROUTE_PATHS).toEqual(
      expect.arrayContaining([
        '/',
        '/services/team-building',
        '/training-model/effectiveness',
        '/media/event-galleries',
        '/terms',
      ]),
    );
  });

  it('maps paths to documents by the slug conventions', () => {
    expect(documentForPath('/')).toEqual({ type: 'page', slug: 'home' });
    expect(documentForPath('/about/csr')).toEqual({ type: 'page', slug: 'about/csr' });
    expect(documentForPath('/services/hr-advisory')).toEqual({ type: 'service', slug: 'hr-advisory' });
    expect(documentForPath('/training-model')).toEqual({ type: 'trainingModel', slug: 'training-model' });
    expect(documentForPath('/training-model/delivery-methods')).toEqual({
      type: 'trainingModel',
      slug: 'delivery-methods',
    });
    expect(documentForPath('/media/event-galleries')).toEqual(documentForPath('/media'));
  });

  it('ignores a trailing slash, query and hash, and knows nothing else', () => {
    expect(documentForPath('/about/?x=1#team')).toEqual({ type: 'page', slug: 'about' });
    expect(documentForPath('/cart')).toBeUndefined();
    expect(documentForPath('/services/unknown')).toBeUndefined();
    expect(documentForPath('constructor')).toBeUndefined();
  });

  it('pathForDocument gives back the canonical path of every entry', () => {
    for (const [path, document] of Object.entries(ROUTES)) {
      expect(path === '/media/event-galleries' ? '/media' : path).toBe(pathForDocument(document));
    }
  });
});
