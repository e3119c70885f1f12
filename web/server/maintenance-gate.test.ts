import { describe, expect, it, vi } from 'vitest';
import { gatedResponse, isGatedPath } from './maintenance-gate.ts';

const maintenancePage = () =>
  new Response('<h1>Under Maintenance</h1>', { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('maintenance gate', () => {
  it('spares the admin, the sign-in and the preview, route data included', () => {
    for (const path of ['/admin', '/admin/orders.data', '/login', '/maintenance-preview', '/__manifest']) {
      expect(isGatedPath(path), path).toBe(false);
    }
    for (const path of ['/', '/_root.data', '/events.data', '/about', '/sitemap.xml', '/checkout/prices']) {
      expect(isGatedPath(path), path).toBe(true);
    }
  });

  it('renders route data for the root route alone: the page’s own data never leaves', async () => {
    const render = vi.fn(async (_request: Request) => maintenancePage());
    const response = await gatedResponse(new Request('http://x/events.data?_routes=routes%2Fcms-page&q=x'), render);
    expect(response.status).toBe(503);
    expect(new URL(render.mock.calls[0]![0].url).searchParams.get('_routes')).toBe('root');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers a resource route with a 503 page instead of its 200, and never runs a post', async () => {
    const render = vi.fn(async () => new Response('<urlset/>', { headers: { 'content-type': 'application/xml' } }));
    const sitemap = await gatedResponse(new Request('http://x/sitemap.xml'), render);
    expect(sitemap.status).toBe(503);
    expect(await sitemap.text()).toContain('Under maintenance');
    expect(sitemap.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(sitemap.headers.get('retry-after')).not.toBeNull();

    render.mockClear();
    const post = await gatedResponse(new Request('http://x/contact', { method: 'POST', body: 'a=b' }), render);
    expect(post.status).toBe(503);
    expect(render).not.toHaveBeenCalled();
  });

  it('passes on the app’s own 503 page (its copy and contacts) with the gate’s headers', async () => {
    const response = await gatedResponse(new Request('http://x/about'), async () => maintenancePage());
    expect(await response.text()).toBe('<h1>Under Maintenance</h1>');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
