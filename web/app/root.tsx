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
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type MetaFunction,
} from 'react-router';
import { useContext, useEffect, type ReactNode } from 'react';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../domain/limits.ts';
import { publicEnv } from './config/env.server';
import { markHydrated } from './blocks/hydration';
import { isExemptFromMaintenance } from './features/maintenance/maintenance-flag';
import { maintenanceActive } from './features/maintenance/maintenance.server';
import { maintenanceMeta, rootMeta } from './features/seo/route-meta.server';
import { ThemeProvider } from './features/theme/theme-provider';
import { LazyToaster } from './components/ui/toast/lazy-toaster';
import { serverReadyLazy } from './components/ui/server-ready-lazy';
import { themeBootScript } from './features/theme/theme-storage';
import { NonceContext } from './lib/nonce';
import { zodJitlessScript } from './lib/zod-jitless';
import { earlyPressScript } from './lib/early-presses';
import type { RootData } from './lib/root-data';
import type { UnavailableNotice } from './lib/unavailable.server';
import { loadSiteSettings, type SiteSettings } from './lib/sanity/site-settings.server';
import { imageConfigOf, logoSources, type ImageSources } from './lib/sanity/image';
import { LOGO_HEIGHT_PX } from './config/shell';
import globalStyles from './styles/global.css?url';

export const links = () => [{ rel: 'stylesheet', href: globalStyles }];

/** Only 503 pages show it: its code stays out of every other page's JavaScript. */
const MaintenancePage = serverReadyLazy(() =>
  import('./shell/maintenance-page').then((module) => module.MaintenancePage),
);

export async function loader({ request }: LoaderFunctionArgs): Promise<RootData> {
  const { pathname } = new URL(request.url);
  const [settings, underMaintenance] = await Promise.all([loadSiteSettings(), maintenanceActive()]);
  const env = publicEnv();
  // Built here, not in the components: the image URL builder stays out of the browser's JavaScript.
  const logo = settings.logo ? logoSources(imageConfigOf(env), settings.logo, LOGO_HEIGHT_PX) : null;
  if (underMaintenance && !isExemptFromMaintenance(pathname)) {
    const maintenance: MaintenanceData = { settings, logo, meta: maintenanceMeta(settings.instituteName) };
    throw data(maintenance, {
      status: 503,
      headers: { 'Retry-After': String(MAINTENANCE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
    });
  }
  // Built here, not in `meta`: the builders then stay out of the browser's JavaScript.
  return { settings, logo, env, meta: rootMeta(settings, env.siteUrl) };
}

/** What the loader throws while the site is under maintenance. */
interface MaintenanceData {
  settings: SiteSettings;
  logo: ImageSources | null;
  meta: MetaDescriptor[];
}

/** The maintenance page's data, when the error is the maintenance 503. */
function maintenanceData(error: unknown): MaintenanceData | undefined {
  return isRouteErrorResponse(error) && error.status === 503 && error.data?.settings ? error.data : undefined;
}

/** The words of any other 503: the page's content could not be read (lib/unavailable.server.ts). */
function unavailableNotice(error: unknown): UnavailableNotice | undefined {
  return isRouteErrorResponse(error) && error.status === 503 ? error.data : undefined;
}

/** Site-wide defaults and the Organization JSON-LD; pages merge their own tags over these. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (data) return data.meta;
  const maintenance = maintenanceData(error);
  if (maintenance) return maintenance.meta;
  return [
    { title: unavailableNotice(error)?.heading ?? 'Something went wrong' },
    { name: 'robots', content: 'noindex' },
  ];
};

export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export function Layout({ children }: { children: ReactNode }) {
  // <Scripts> and <ScrollRestoration> take the nonce from React Router's context themselves.
  const nonce = useContext(NonceContext);
  return (
    // The boot script sets the theme class before React hydrates: the attribute is expected to differ.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          The browser hides the nonce from the DOM: hydration finds no value there. The script is
          the server's only (hydration keeps its text, and the browser build leaves it out): zod's
          switch, the theme, and the hold on early presses, first, so no module can run and no press
          can come before them, and no element exists on one side only.
        */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? `${zodJitlessScript};${themeBootScript};${earlyPressScript}` : '',
          }}
        />
        <Meta />
        {/* Styles need no nonce (style-src allows inline); an empty one keeps React Router from adding one. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // From now on, server-rendered blocks that mount have no server HTML to keep: they load their code.
  useEffect(markHydrated, []);
  return (
    <ThemeProvider>
      <Outlet />
      <LazyToaster />
    </ThemeProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const maintenance = maintenanceData(error);
  if (maintenance) return <MaintenancePage settings={maintenance.settings} logo={maintenance.logo} />;
  // A dependency that is down was logged where it failed; a visitor's bad request (404, 405) is no server fault.
  const notice = unavailableNotice(error);
  if (!notice && (!isRouteErrorResponse(error) || error.status >= 500)) console.error(error);
  return (
    <main id="main" className="container error-page">
      <h1>{notice?.heading ?? 'Something went wrong'}</h1>
      <p>{notice?.message ?? 'Please try again in a moment.'}</p>
    </main>
  );
}
