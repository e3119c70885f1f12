/** The seed check on small self-contained fixtures: a valid one passes, each kind of breakage fails. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateContent, type ValidateOptions } from './validate.ts';

type Doc = { _id: string; _type: string; [key: string]: unknown };

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const ref = (id: string, key?: string) => ({ ...(key ? { _key: key } : {}), _type: 'reference', _ref: id });
const image = (file = 'photo.svg') => ({
  _type: 'image',
  _sanityAsset: `image@file://./images/${file}`,
  alt: 'A photo',
});
const internalLink = (id: string) => ({ _type: 'link', kind: 'internal', internal: ref(id) });

/** A minimal dataset that passes every check with the small thresholds below. */
function validDocuments(): Doc[] {
  return [
    {
      _id: 'siteSettings',
      _type: 'siteSettings',
      instituteName: 'Ascent',
      phone: '+254 700 000 000',
      email: 'info@ascent.example',
      address: { street: 'Kiambu Road', city: 'Nairobi', country: 'Kenya' },
      socialLinks: [{ _key: 's1', _type: 'socialLink', platform: 'facebook', url: 'https://facebook.com/x' }],
      bookingsEmail: 'bookings@ascent.example',
      enquiryEmails: {
        training: 'training@ascent.example',
        advisory: 'advisory@ascent.example',
        technology: 'technology@ascent.example',
        insurance: 'insurance@ascent.example',
        other: 'info@ascent.example',
      },
      payments: {
        mpesaPaybill: '522533',
        bankAccounts: [
          {
            _key: 'b1',
            _type: 'bankAccount',
            currency: 'KES',
            bankName: 'A Bank',
            branch: 'Kiambu Road',
            accountName: 'Ascent',
            accountNumber: '1234567890',
          },
        ],
      },
    },
    {
      _id: 'navigation',
      _type: 'navigation',
      mainMenu: [{ _key: 'n1', _type: 'navItem', label: 'Home', link: internalLink('page-home') }],
    },
    {
      _id: 'page-home',
      _type: 'page',
      title: 'Home',
      slug: { _type: 'slug', current: 'home' },
      pageBuilder: [
        {
          _key: 'b1',
          _type: 'hero',
          heading: 'Welcome',
          text: words(30),
          image: image(),
          actions: [{ _key: 'a1', ...internalLink('service-x') }],
        },
        {
          _key: 'b2',
          _type: 'richText',
          body: [
            {
              _key: 'p1',
              _type: 'block',
              style: 'normal',
              markDefs: [],
              children: [{ _key: 's1', _type: 'span', marks: [], text: words(10) }],
            },
          ],
        },
        { _key: 'b3', _type: 'imageGallery', albums: [ref('album-1', 'r1')] },
      ],
    },
    {
      _id: 'service-x',
      _type: 'service',
      title: 'Service X',
      slug: { _type: 'slug', current: 'service-x' },
      summary: words(12),
    },
    {
      _id: 'album-1',
      _type: 'galleryAlbum',
      title: 'Album',
      slug: { _type: 'slug', current: 'album' },
      images: [{ _key: 'i1', ...image() }],
    },
    { _id: 'redirect-1', _type: 'redirect', source: '/old', destination: '/', permanent: true },
  ];
}

const options: ValidateOptions = {
  routes: { '/': { type: 'page', slug: 'home' }, '/services/service-x': { type: 'service', slug: 'service-x' } },
  minWordsPerRoute: 12,
  minWordsTotal: 50,
};

const root = mkdtempSync(join(tmpdir(), 'content-check-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let fixtures = 0;
/** Writes the documents (after `mutate`) as a dataset folder and validates it. */
async function check(mutate: (docs: Doc[]) => void = () => {}, opts: ValidateOptions = options) {
  const dir = join(root, String(fixtures++));
  mkdirSync(join(dir, 'images'), { recursive: true });
  writeFileSync(join(dir, 'images', 'photo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const docs = validDocuments();
  mutate(docs);
  writeFileSync(join(dir, 'data.ndjson'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
  const report = await validateContent(dir, opts);
  const errors = report.problems
    .filter((p) => p.level === 'error')
    .map((p) => `${p.documentId ?? ''} ${p.path ?? ''}: ${p.message}`);
  return { report, errors };
}

const byId = (docs: Doc[], id: string): Doc => {
  const doc = docs.find((d) => d._id === id);
  if (!doc) throw new Error(`fixture has no ${id}`);
  return doc;
};
const home = (docs: Doc[]) => byId(docs, 'page-home');
const blocks = (docs: Doc[]) => home(docs).pageBuilder as Record<string, unknown>[];

describe('validateContent on fixtures', () => {
  it('passes a valid dataset and counts its words', async () => {
    const { report, errors } = await check();
    expect(errors).toEqual([]);
    expect(report.words.byRoute.get('/')).toBe(1 + 30 + 10 + 1); // title, hero text, rich text, hero heading
    expect(report.words.byRoute.get('/services/service-x')).toBe(2 + 12);
  });

  it('fails on an unknown block type', async () => {
    const { errors } = await check((docs) => blocks(docs).push({ _key: 'b9', _type: 'carousel', heading: 'x' }));
    expect(errors).toContainEqual(expect.stringMatching(/pageBuilder\[3\]: unknown _type "carousel"/));
  });

  it('fails on an unknown type nested in a block', async () => {
    const { errors } = await check((docs) => {
      const body = blocks(docs)[1]?.body as Record<string, unknown>[];
      body.push({ _key: 'p2', _type: 'video', url: 'x' });
    });
    expect(errors).toContainEqual(expect.stringMatching(/body\[1\]: unknown _type "video"/));
  });

  it('fails on a dangling reference, also inside Portable Text annotations', async () => {
    const { errors } = await check((docs) => {
      const body = blocks(docs)[1]?.body as { markDefs: unknown[] }[];
      body[0]?.markDefs.push({ _key: 'm1', _type: 'internalLink', reference: ref('page-missing') });
      blocks(docs)[2] = { _key: 'b3', _type: 'imageGallery', albums: [ref('album-gone', 'r1')] };
    });
    expect(errors).toContainEqual(
      expect.stringMatching(/markDefs\[0\]\.reference: reference to missing document "page-missing"/),
    );
    expect(errors).toContainEqual(expect.stringMatching(/albums\[0\]: reference to missing document "album-gone"/));
  });

  it('fails on a reference to a type the field does not allow', async () => {
    const { errors } = await check((docs) => {
      byId(docs, 'navigation').mainMenu = [
        { _key: 'n1', _type: 'navItem', label: 'Photos', link: internalLink('album-1') },
      ];
    });
    expect(errors).toContainEqual(expect.stringMatching(/reference to "album-1" of type "galleryAlbum"/));
  });

  it('fails on a duplicate slug', async () => {
    const { errors } = await check((docs) =>
      docs.push({
        _id: 'service-y',
        _type: 'service',
        title: 'Y',
        slug: { _type: 'slug', current: 'service-x' },
        summary: 'Y.',
      }),
    );
    expect(errors).toContainEqual(expect.stringMatching(/service slug "service-x" is used by service-x, service-y/));
  });

  it('fails on a missing required field', async () => {
    const { errors } = await check((docs) => {
      delete home(docs).title;
      delete (blocks(docs)[0] as Record<string, unknown>).heading;
      delete byId(docs, 'siteSettings').address; // an object: @sanity/validation reports it as a warning
    });
    expect(errors).toContainEqual(expect.stringMatching(/page-home title: Required/));
    expect(errors).toContainEqual(expect.stringMatching(/page-home pageBuilder\[_key=="b1"\]\.heading: Required/));
    expect(errors).toContainEqual(expect.stringMatching(/siteSettings address: Required/));
  });

  it('runs the custom rules: slug format, redirect source, social platforms, link kinds', async () => {
    const { errors } = await check((docs) => {
      byId(docs, 'service-x').slug = { _type: 'slug', current: 'Service X' };
      byId(docs, 'redirect-1').source = 'old';
      byId(docs, 'siteSettings').socialLinks = [
        { _key: 's1', _type: 'socialLink', platform: 'tiktok', url: 'https://tiktok.com/x' },
      ];
      byId(docs, 'navigation').mainMenu = [
        { _key: 'n1', _type: 'navItem', label: 'Ext', link: { _type: 'link', kind: 'external' } },
      ];
    });
    expect(errors).toContainEqual(expect.stringMatching(/service-x slug: Use lower-case words/));
    expect(errors).toContainEqual(expect.stringMatching(/redirect-1 source: Start with "\/"/));
    expect(errors).toContainEqual(
      expect.stringMatching(
        /siteSettings socialLinks\[_key=="s1"\]\.platform: Value "tiktok" did not match any allowed values/,
      ),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(/navigation mainMenu\[_key=="n1"\]\.link\.href: Enter a URL or a path/),
    );
  });

  it('fails on unknown fields, missing keys and missing image files', async () => {
    const { errors } = await check((docs) => {
      home(docs).subtitle = 'not in the schema';
      blocks(docs)[0] = { ...blocks(docs)[0], image: image('nowhere.svg') };
      delete blocks(docs)[1]?._key;
    });
    expect(errors).toContainEqual(expect.stringMatching(/page-home subtitle: unknown field "subtitle"/));
    expect(errors).toContainEqual(expect.stringMatching(/pageBuilder\[0\]\.image: image file missing/));
    expect(errors).toContainEqual(expect.stringMatching(/pageBuilder\[1\]: array item without _key/));
  });

  it('fails when a singleton is missing or has the wrong _id', async () => {
    const { errors } = await check((docs) => {
      docs.splice(docs.indexOf(byId(docs, 'navigation')), 1);
      byId(docs, 'siteSettings')._id = 'settings';
    });
    expect(errors).toContainEqual(expect.stringMatching(/singleton "navigation" is missing/));
    expect(errors).toContainEqual(
      expect.stringMatching(/settings : singleton "siteSettings" must have _id "siteSettings"/),
    );
  });

  it('fails when a route has no document or too few words', async () => {
    const { errors } = await check(undefined, {
      ...options,
      routes: { ...options.routes, '/contact': { type: 'page', slug: 'contact' } },
      minWordsPerRoute: 20,
      minWordsTotal: 1000,
    });
    expect(errors).toContainEqual(expect.stringMatching(/\/contact: no page with slug "contact"/));
    expect(errors).toContainEqual(
      expect.stringMatching(/service-x \/services\/service-x: 14 words of copy; at least 20/),
    );
    expect(errors).toContainEqual(expect.stringMatching(/the dataset has \d+ words; at least 1000/));
  });
});
