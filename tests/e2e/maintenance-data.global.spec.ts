/**
 * Maintenance gates every answer of the site, not only documents (project `global-state`): while
 * it is on, route data (`/events.data?_routes=...`, what a client-side navigation fetches) answers
 * 503 with the maintenance page's data and none of the page's, resource routes answer 503, every
 * gated answer is no-store with Retry-After, and the admin and the sign-in keep their data.
 */
import { expect, test } from './fixtures.ts';

/** What a client-side navigation to /events asks for: the page's own loader only. */
const EVENTS_DATA = '/events.data?_routes=cms-page';
/** In the events page's data (its live event list), never in the maintenance page's. */
const PAGE_DATA = '"eventList"';

test('on: route data and resource routes answer 503, never the page’s data; off: they are back', async ({
  request,
  setMaintenance,
}) => {
  // Off: the route data holds the page.
  await setMaintenance(false);
  const open = await request.get(EVENTS_DATA);
  expect(open.status()).toBe(200);
  expect(await open.text()).toContain(PAGE_DATA);

  await setMaintenance(true, { waitFor: ['/events'] });
  for (const path of [EVENTS_DATA, '/events.data', '/_root.data', `/about.data?x=${Date.now()}`]) {
    const gated = await request.get(path);
    expect(gated.status(), path).toBe(503);
    expect(gated.headers()['cache-control'], path).toBe('no-store');
    expect(Number(gated.headers()['retry-after']), path).toBeGreaterThan(0);
    const body = await gated.text();
    expect(body, path).not.toContain(PAGE_DATA);
    // The maintenance page's own data: the router shows the root's 503 boundary from it.
    expect(body, path).toContain('Under Maintenance');
  }
  for (const path of ['/sitemap.xml', '/robots.txt', '/checkout/prices?program=x']) {
    const gated = await request.get(path);
    expect(gated.status(), path).toBe(503);
    expect(gated.headers()['cache-control'], path).toContain('no-store');
    expect(gated.headers()['retry-after'], path).toBeDefined();
  }
  // HEAD names what GET would send.
  const head = await request.head('/about');
  expect(head.status()).toBe(503);
  expect(head.headers()['content-type']).toBe('text/html; charset=utf-8');

  // The admin's and the sign-in's data are not gated.
  for (const path of ['/login.data', '/admin.data']) {
    expect((await request.get(path)).status(), path).not.toBe(503);
  }

  await setMaintenance(false, { waitFor: ['/events'] });
  expect((await request.get(EVENTS_DATA)).status()).toBe(200);
  expect((await request.get('/sitemap.xml')).status()).toBe(200);
});
