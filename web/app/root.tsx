/** The document shell: theme before first paint, toasts, maintenance gate, and error pages. */
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { Toaster } from 'react-hot-toast';
import type { ReactNode } from 'react';
import { publicEnv } from './config/env.server';
import { MaintenancePage } from './components/layout/maintenance-page';
import { isExemptFromMaintenance } from './features/maintenance/maintenance-flag';
import { maintenanceActive } from './features/maintenance/maintenance.server';
import { maintenanceMeta, rootMeta } from './features/seo/route-meta';
import { ThemeProvider } from './features/theme/theme-provider';
import { themeBootScript } from './features/theme/theme-storage';
import { loadSiteSettings, type SiteSettings } from './lib/sanity/site-settings.server';
import globalStyles from './styles/global.css?url';

export const links = () => [{ rel: 'stylesheet', href: globalStyles }];

/** Seconds a visitor's browser or a crawler should wait before trying again during maintenance. */
const maintenanceRetryAfter = '300';

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const [settings, underMaintenance] = await Promise.all([loadSiteSettings(), maintenanceActive()]);
  if (underMaintenance && !isExemptFromMaintenance(pathname)) {
    throw data(
      { settings },
      { status: 503, headers: { 'Retry-After': maintenanceRetryAfter, 'Cache-Control': 'no-store' } },
    );
  }
  return { settings, env: publicEnv() };
}

/** Site-wide defaults and the Organization JSON-LD; pages merge their own tags over these. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (data) return rootMeta(data.settings, data.env.siteUrl);
  if (isRouteErrorResponse(error) && error.status === 503) {
    const { settings } = error.data as { settings: SiteSettings };
    return maintenanceMeta(settings.instituteName);
  }
  return [{ title: 'Something went wrong' }, { name: 'robots', content: 'noindex' }];
};

export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The boot script sets the theme class before React hydrates: the attribute is expected to differ.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** react-hot-toast's defaults are the specified ones (limit 20; 4 s, success 2 s, loading until dismissed). */
const toastDurations = { blank: 4000, error: 4000, success: 2000, loading: Infinity, custom: 4000 } as const;

export default function App() {
  return (
    <ThemeProvider>
      <Outlet />
      <Toaster
        position="top-center"
        toastOptions={{
          duration: toastDurations.blank,
          error: { duration: toastDurations.error },
          success: { duration: toastDurations.success },
          loading: { duration: toastDurations.loading },
          custom: { duration: toastDurations.custom },
        }}
      />
    </ThemeProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503) {
    const { settings } = error.data as { settings: SiteSettings };
    return <MaintenancePage settings={settings} />;
  }
  console.error(error);
  return (
    <main id="main" className="container error-page">
      <h1>Something went wrong</h1>
      <p>Please try again in a moment.</p>
    </main>
  );
}
