/**
 * A published edit reaches visitors within seconds, drafts never: the website listens to the
 * content lake's published changes and empties its data and page caches (without that, the data
 * cache alone would keep the old copy for 20 s).
 */
import { createClient } from '@sanity/client';
import { describe, expect, it } from 'vitest';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();
const lake = createClient({
  projectId: stack.sanity.projectId,
  dataset: stack.sanity.dataset,
  apiVersion: stack.sanity.apiVersion,
  apiHost: stack.contentUrl,
  useProjectHostname: false,
  useCdn: false,
  token: stack.sanity.token,
});

interface Hero {
  _id: string;
  key: string;
  heading: string;
}

const heroOf = (slug: string): Promise<Hero> =>
  lake.fetch<Hero>(
    `*[_type == "page" && slug.current == $slug][0]{_id, "key": pageBuilder[_type == "hero"][0]._key, "heading": pageBuilder[_type == "hero"][0].heading}`,
    { slug },
  );

const page = async (path: string): Promise<string> => (await fetch(`${stack.webUrl}${path}`)).text();

function setHeading(hero: Hero, heading: string, publish: boolean) {
  const draftId = `drafts.${hero._id}`;
  return lake.action([
    {
      actionType: 'sanity.action.document.edit',
      draftId,
      publishedId: hero._id,
      patch: { set: { [`pageBuilder[_key=="${hero.key}"].heading`]: heading } },
    },
    ...(publish ? [{ actionType: 'sanity.action.document.publish' as const, draftId, publishedId: hero._id }] : []),
  ]);
}

describe('published edits on the website', () => {
  it('shows a published heading at once and never a draft', async () => {
    const [csr, accreditation] = await Promise.all([heroOf('about/csr'), heroOf('about/accreditation')]);
    // Both pages rendered and cached first.
    expect(await page('/about/csr')).toContain(csr.heading);
    expect(await page('/about/accreditation')).toContain(accreditation.heading);

    await setHeading(accreditation, 'A draft nobody may see yet', false);
    const published = `Giving back, published at ${Date.now()}`;
    const began = Date.now();
    await setHeading(csr, published, true);
    let html = await page('/about/csr');
    while (!html.includes(published) && Date.now() - began < 10_000) html = await page('/about/csr');
    expect(html).toContain(published);
    expect(Date.now() - began).toBeLessThan(3_000);

    // The caches were emptied after the draft existed: the page is rendered afresh, from published content.
    const accreditationNow = await page('/about/accreditation');
    expect(accreditationNow).toContain(accreditation.heading);
    expect(accreditationNow).not.toContain('A draft nobody may see yet');
  });
});
