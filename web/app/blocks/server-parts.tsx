/**
 * Parts of live blocks with nothing to do in the browser (the catalogue's filter, a plain GET
 * form), kept out of the page's JavaScript like the server-rendered blocks (server-rendered.tsx):
 * entry.server.tsx provides their components on the server; while the page hydrates the browser
 * keeps their HTML; a part mounted later (a client-side navigation, a new filter) renders from
 * its own chunk.
 */
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import type { CatalogueFiltersProps } from '../features/catalogue/catalogue-filters';
import type { EnquiryValues } from '../features/enquiry/enquiry-schema';
import { useHydrating } from './hydration';
import type { BlockProps } from './types';
import { serverHtmlAttribute } from '../lib/early-presses';

export interface ServerPartComponents {
  catalogueFilters: ComponentType<CatalogueFiltersProps>;
  /** The enquiry form block, rendered in place in the page's HTML (blocks/enquiry-form-loader.tsx). */
  enquiryForm: ComponentType<BlockProps<'enquiryForm'> & { initial?: Partial<EnquiryValues> }>;
}

/** Provided by entry.server.tsx only. */
export const ServerParts = createContext<ServerPartComponents | null>(null);

/** The form once its code is here: it then renders at once (a lazy component suspends on its first render). */
let loadedFilters: ComponentType<CatalogueFiltersProps> | null = null;
const loadFilters = () =>
  import('../features/catalogue/catalogue-filters').then((module) => {
    loadedFilters = module.CatalogueFilters;
    return module.CatalogueFilters;
  });
const LazyFilters = lazy(() => loadFilters().then((component) => ({ default: component })));

/**
 * For a client-side navigation to a page with a program list: the form's code before the page
 * shows, so that it renders whole at once (back and forward restore the scroll position as the page
 * renders; an empty form fallback there would put the visitor off by its height).
 */
export const preloadFilters = () => (loadedFilters ? Promise.resolve() : loadFilters().then(() => undefined));

/** Same object every render: React compares `__html` and leaves the server's children alone. */
const keepServerHtml = { __html: '' } as const;

export function CatalogueFiltersPart(props: CatalogueFiltersProps) {
  const server = useContext(ServerParts);
  const hydrating = useHydrating();
  const [keep, setKeep] = useState(() => !server && hydrating);
  const wrapper = useRef<HTMLDivElement>(null);
  // Had React given up on hydrating (and rendered from scratch), there is no server HTML to keep.
  useLayoutEffect(() => {
    if (keep && wrapper.current && !wrapper.current.hasChildNodes()) setKeep(false);
  }, [keep]);
  if (server) {
    return (
      <div className="server-block" {...{ [serverHtmlAttribute]: '' }}>
        <server.catalogueFilters {...props} />
      </div>
    );
  }
  if (keep) {
    return (
      <div
        ref={wrapper}
        className="server-block"
        dangerouslySetInnerHTML={keepServerHtml}
        {...{ [serverHtmlAttribute]: '' }}
        suppressHydrationWarning
      />
    );
  }
  const Filters = loadedFilters ?? LazyFilters;
  return (
    <div className="server-block">
      <Suspense fallback={null}>
        <Filters {...props} />
      </Suspense>
    </div>
  );
}
