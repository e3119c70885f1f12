/** The website's routes: CMS pages through one splat route (the route table decides), plus utilities. */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('maintenance-preview', 'routes/maintenance-preview.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  layout('routes/site-layout.tsx', [
    index('routes/cms-page.tsx', { id: 'home' }),
    route('*', 'routes/cms-page.tsx', { id: 'cms-page' }),
  ]),
] satisfies RouteConfig;
