/** The query and doc endpoints through unmodified @sanity/client: params, dereferences, POST, perspectives, errors, CORS. */
import { ClientError } from '@sanity/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataset, lakeClient, projectId, startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
});
afterAll(() => t.close());

const queryUrl = (query: string, extra = ''): string =>
  `${t.lake.url}/v2025-02-19/data/query/${dataset}?query=${encodeURIComponent(query)}${extra}`;

describe('query endpoint', () => {
  it('passes string params with quotes, numbers and arrays', async () => {
    const titles = await t.client.fetch<string[]>('*[_type == "page" && title == $title].title', {
      title: `About "us" & 'friends'`,
    });
    expect(titles).toEqual([`About "us" & 'friends'`]);
    const byNumber = await t.client.fetch<string[]>('*[_type == "page" && order >= $min] | order(order asc)._id', {
      min: 2,
    });
    expect(byNumber).toEqual(['page-about']);
    const byArray = await t.client.fetch<string[]>('*[_id in $ids] | order(_id asc)._id', {
      ids: ['page-home', 'person-ada', 'missing'],
    });
    expect(byArray).toEqual(['page-home', 'person-ada']);
    const name = await t.client.fetch<string>('*[_type == "person" && $interest in tags][0].name', {
      interest: 'poetry',
    });
    expect(name).toBe('Ada "The Countess" Lovelace');
  });

  it('answers {query, result, ms} and leaves out query when returnQuery=false', async () => {
    const body = (await (await fetch(queryUrl('count(*[_type == "page"])'))).json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['query', 'result', 'ms']);
    expect(body).toMatchObject({ query: 'count(*[_type == "page"])', result: 2 });
    expect(Number.isInteger(body.ms)).toBe(true);
    const lean = (await (await fetch(queryUrl('1 + 1', '&returnQuery=false'))).json()) as Record<string, unknown>;
    expect(Object.keys(lean)).toEqual(['result', 'ms']);
    const full = await t.client.fetch('count(*)', {}, { filterResponse: false });
    expect(full).toMatchObject({ result: expect.any(Number), ms: expect.any(Number) });
  });

  it('resolves _sanityAsset into asset references that dereference with ->', async () => {
    const hero = await t.client.fetch<{
      alt: string;
      asset: { _ref: string };
      url: string;
      dimensions: { width: number; height: number; aspectRatio: number };
      lqip: string;
      mimeType: string;
      author: string;
    }>(
      `*[_id == "page-home"][0]{
        "alt": hero.alt, "asset": hero.asset, "url": hero.asset->url,
        "dimensions": hero.asset->metadata.dimensions, "lqip": hero.asset->metadata.lqip,
        "mimeType": hero.asset->mimeType, "author": author->name
      }`,
    );
    expect(hero.alt).toBe('Four coloured squares');
    expect(hero.asset._ref).toMatch(/^image-[0-9a-f]{40}-320x240-png$/);
    expect(hero.url).toBe(`${t.lake.url}/images/test1234/fixtures/${hero.asset._ref.slice(6, 46)}-320x240.png`);
    expect(hero.dimensions).toMatchObject({ width: 320, height: 240, aspectRatio: 320 / 240 });
    expect(hero.lqip).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
    expect(hero.mimeType).toBe('image/png');
    expect(hero.author).toBe('Ada "The Countess" Lovelace');

    const assets = await t.client.fetch<
      { _id: string; originalFilename: string; sha1hash: string; size: number; extension: string }[]
    >(
      '*[_type == "sanity.imageAsset"] | order(originalFilename asc){_id, originalFilename, sha1hash, size, extension}',
    );
    expect(assets.map((a) => [a.originalFilename, a.extension])).toEqual([
      ['logo.svg', 'svg'],
      ['photo.png', 'png'],
    ]);
    expect(assets[0]?._id).toBe(`image-${assets[0]?.sha1hash}-120x40-svg`);
    const raw = await t.client.fetch<string>('*[_id == "page-home"][0]');
    expect(JSON.stringify(raw)).not.toContain('_sanityAsset');
  });

  it('adds _key to array items and system fields, like an import', async () => {
    const doc = await t.client.fetch<{ _rev: string; _createdAt: string; pageBuilder: { _key: string }[] }>(
      '*[_id == "page-home"][0]',
    );
    expect(doc.pageBuilder.map((block) => block._key)).toEqual([
      expect.stringMatching(/^\w{12}$/),
      expect.stringMatching(/^\w{12}$/),
    ]);
    expect(doc._rev).toEqual(expect.any(String));
    expect(new Date(doc._createdAt).getTime()).not.toBeNaN();
  });

  it('sends long queries by POST and answers them', async () => {
    // @sanity/client switches to POST at 11,264 characters of query string.
    const padding = Array.from({ length: 700 }, (_, i) => `"field${i}": ${i}`).join(', ');
    const query = `*[_id == $id][0]{title, ${padding}}`;
    expect(new URLSearchParams({ query }).toString().length).toBeGreaterThan(11_264);
    const result = await t.client.fetch<Record<string, unknown>>(query, { id: 'page-about' });
    expect(result.title).toBe(`About "us" & 'friends'`);
    expect(result.field699).toBe(699);

    const res = await fetch(`${t.lake.url}/v2025-02-19/data/query/${dataset}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '*[_id == $id][0].title', params: { id: 'page-home' } }),
    });
    expect(await res.json()).toMatchObject({ query: '*[_id == $id][0].title', result: 'Home' });
  });
});

describe('perspectives', () => {
  const pages = '*[_type == "page"] | order(_id asc){_id, title}';

  it('hides drafts under published, the default from API version 2025-02-19', async () => {
    const expected = [
      { _id: 'page-about', title: `About "us" & 'friends'` },
      { _id: 'page-home', title: 'Home' },
    ];
    expect(await t.client.fetch(pages)).toEqual(expected);
    expect(await t.client.fetch(pages, {}, { perspective: 'published' })).toEqual(expected);
  });

  it('lays drafts over their published twin under drafts', async () => {
    const result = await t.client.fetch<{ _id: string; _originalId: string; title: string }[]>(
      '*[_type == "page"] | order(_id asc){_id, _originalId, title, "author": author->name}',
      {},
      { perspective: 'drafts' },
    );
    expect(result).toEqual([
      { _id: 'page-about', _originalId: 'page-about', title: `About "us" & 'friends'`, author: null },
      {
        _id: 'page-home',
        _originalId: 'drafts.page-home',
        title: 'Home (draft)',
        author: 'Ada "The Countess" Lovelace',
      },
      { _id: 'page-new', _originalId: 'drafts.page-new', title: 'Brand new draft', author: null },
    ]);
  });

  it('shows everything under raw, the default before 2025-02-19', async () => {
    const ids = ['drafts.page-home', 'drafts.page-new', 'page-about', 'page-home'];
    expect(await t.client.fetch(`${pages}._id`, {}, { perspective: 'raw' })).toEqual(ids);
    expect(await lakeClient(t.lake.url, '2021-10-21', dataset, projectId, t.lake.token).fetch(`${pages}._id`)).toEqual(
      ids,
    );
  });

  it('shows a caller without the token published documents only, whatever the perspective', async () => {
    const published = ['page-about', 'page-home'];
    expect(await t.anonymous.fetch(`${pages}._id`, {}, { perspective: 'raw' })).toEqual(published);
    expect(await t.anonymous.fetch(`${pages}._id`, {}, { perspective: 'drafts' })).toEqual(published);
    expect(await lakeClient(t.lake.url, '2021-10-21').fetch(`${pages}._id`)).toEqual(published);
    expect(await t.anonymous.getDocument('drafts.page-home')).toBeUndefined();
  });

  it('rejects perspectives it cannot honour', async () => {
    const res = await fetch(queryUrl('1', '&perspective=rSummer'));
    expect(res.status).toBe(400);
  });
});

describe('errors', () => {
  it("answers a GROQ syntax error with 400 and Sanity's queryParseError shape", async () => {
    const query = '*[_type == "page" &&]';
    const res = await fetch(queryUrl(query));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toEqual({
      type: 'queryParseError',
      description: expect.any(String),
      query,
      start: expect.any(Number),
      end: expect.any(Number),
    });
    const { start, end } = body.error as { start: number; end: number };
    expect(0 <= start && start < end && end <= query.length).toBe(true);

    const error = await t.client.fetch(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).statusCode).toBe(400);
    expect((error as ClientError).message).toContain('GROQ query parse error');
    expect((error as ClientError).details).toMatchObject({ type: 'queryParseError', query });
  });

  it('rejects a parameter that was referenced but not given, and unknown functions', async () => {
    const missing = (await (await fetch(queryUrl('*[_id == $id]'))).json()) as { error: Record<string, unknown> };
    expect(missing.error).toMatchObject({
      type: 'queryParseError',
      description: 'param $id referenced, but not provided',
      start: 9,
      end: 12,
    });
    const unknown = await fetch(queryUrl('nope::fn(1)'));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { type: 'queryParseError' } });
  });

  it('answers bad parameter JSON with 400', async () => {
    const res = await fetch(queryUrl('*[_id == $id]', '&%24id=unquoted'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        description: 'Unable to parse value of "$id=unquoted". Please quote string values.',
        type: 'httpBadRequest',
      },
    });
    const post = await fetch(`${t.lake.url}/v2025-02-19/data/query/${dataset}`, { method: 'POST', body: '{"query": ' });
    expect(post.status).toBe(400);
  });

  it('answers an unknown dataset with 404', async () => {
    const res = await fetch(`${t.lake.url}/v2025-02-19/data/query/staging?query=*`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Dataset "staging" not found for project ID "test1234"',
    });
    const error = await lakeClient(t.lake.url, '2025-02-19', 'staging')
      .fetch('*')
      .catch((e: unknown) => e);
    expect((error as ClientError).statusCode).toBe(404);
  });
});

describe('doc endpoint', () => {
  it('returns documents by id, drafts included, and lists the missing ones', async () => {
    expect(await t.client.getDocument('drafts.page-home')).toMatchObject({
      _id: 'drafts.page-home',
      title: 'Home (draft)',
    });
    const [home, missing] = await t.client.getDocuments(['page-home', 'nope']);
    expect(home).toMatchObject({ _id: 'page-home', title: 'Home' });
    expect(missing).toBeNull();
    const body = (await (
      await fetch(`${t.lake.url}/v2025-02-19/data/doc/${dataset}/person-ada,nope`)
    ).json()) as Record<string, unknown>;
    expect(body).toEqual({
      documents: [expect.objectContaining({ _id: 'person-ada' })],
      omitted: [{ id: 'nope', reason: 'existence' }],
    });
  });
});

describe('CORS', () => {
  // The lake's own origin, where it serves the Studio: on the allow-list.
  const origin = (): string => t.lake.secureUrl;
  const elsewhere = 'http://127.0.0.1:3000';

  it('approves preflights for the headers @sanity/client sends', async () => {
    const res = await fetch(queryUrl('*'), {
      method: 'OPTIONS',
      headers: {
        origin: origin(),
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-sanity-project-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin());
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-sanity-project-id');
  });

  it('allows the origin on queries and images', async () => {
    const res = await fetch(queryUrl('1'), { headers: { origin: origin() } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin());
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('lets another origin read published documents without credentials, and refuses its preflights', async () => {
    const read = await fetch(queryUrl('1'), { headers: { origin: elsewhere } });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(queryUrl('*'), {
      method: 'OPTIONS',
      headers: { origin: elsewhere, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
