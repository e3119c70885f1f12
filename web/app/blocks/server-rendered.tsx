/**
 * Blocks with nothing to do in the browser (copy, pictures, links) are rendered on the server
 * only, so their code, Portable Text and the image URL builder stay out of the page's JavaScript
 * (the 118 KiB JavaScript budget, docs/web-server.md):
 * - on the server, the block's component comes from `ServerBlocks` (entry.server.tsx provides
 *   server-blocks.server.ts) and renders inside a wrapper <div>;
 * - while the page hydrates, the wrapper keeps the server's HTML: a constant, empty
 *   dangerouslySetInnerHTML makes React adopt the element and leave its children alone, during
 *   hydration and every later render (should React give up hydrating and render afresh, the
 *   empty wrapper loads the component instead);
 * - a block first shown by a client-side navigation loads its component (one chunk per block),
 *   before the page shows (cms-page's clientLoader), so scroll restoration and hash links find
 *   the page whole;
 * - a click on a site link in the block navigates in the app, and one on a section link scrolls
 *   smoothly below the header (site-link-clicks.ts).
 * The wrapper is `display: contents`, so layout and styles see the block's own elements.
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
  type LazyExoticComponent,
  type MouseEvent,
  type MouseEventHandler,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useGoToSection } from '../features/navigation/use-hash-scroll';
import { useHydrating } from './hydration';
import { followSiteLink } from './site-link-clicks';
import type { BlockProps, BlockType } from './types';
import { serverHtmlAttribute } from '../lib/early-presses';

/**
 * The block types rendered by the server only (hydration keeps their HTML). The live lists are
 * not: their rows stream in, a failed or cut-off read must end in the block's error state in the
 * browser, the program list has Add to cart, and the enquiry form is a form.
 */
export type ServerRenderedType = Exclude<
  BlockType,
  'stats' | 'eventList' | 'programList' | 'serviceList' | 'enquiryForm'
>;

export type ServerBlockComponents = { [K in ServerRenderedType]: ComponentType<BlockProps<K>> };

/** Provided by entry.server.tsx only: the browser never has these components up front. */
export const ServerBlocks = createContext<ServerBlockComponents | null>(null);

/** Same object every render: React compares `__html` and leaves the server's children alone. */
const keepServerHtml = { __html: '' } as const;

type Loader<K extends ServerRenderedType> = () => Promise<ComponentType<BlockProps<K>>>;

/** A server-rendered block's code in the browser: made once per block type, at module level. */
export interface BlockCode<K extends ServerRenderedType> {
  /** The component once its code has loaded (by `preload` or an earlier render): it then renders at once. */
  loaded: ComponentType<BlockProps<K>> | null;
  /** The component before that: shows nothing until the code is there. */
  lazy: LazyExoticComponent<ComponentType<BlockProps<K>>>;
  /** Loads the code ahead of rendering it (see registry.ts preloadBlockCode). */
  preload: () => Promise<void>;
}

export function blockCode<K extends ServerRenderedType>(load: Loader<K>): BlockCode<K> {
  const fetchComponent = () =>
    load().then((component) => {
      code.loaded = component;
      return component;
    });
  const code: BlockCode<K> = {
    loaded: null,
    lazy: lazy(() => fetchComponent().then((component) => ({ default: component }))),
    preload: () => (code.loaded ? Promise.resolve() : fetchComponent().then(() => undefined)),
  };
  return code;
}

/**
 * Inside this module a block and its code are handled without their type parameter: the
 * registry and the server map pair each type with its own component (their `satisfies` checks).
 */
type ServerBlockProps = BlockProps<ServerRenderedType>;
type AnyBlockComponent = ComponentType<ServerBlockProps>;
type AnyBlockCode = BlockCode<ServerRenderedType>;

type Props = {
  block: ServerBlockProps;
  code: AnyBlockCode;
  /** For blocks that add behaviour to their server HTML (the gallery opens its lightbox). */
  onClick?: MouseEventHandler<HTMLDivElement>;
};

function ServerRenderedWrapper({ block, code, onClick: blockOnClick }: Props) {
  const serverComponents = useContext(ServerBlocks);
  const navigate = useNavigate();
  const goToSection = useGoToSection();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    blockOnClick?.(event);
    followSiteLink(event, navigate, goToSection);
  };
  const hydrating = useHydrating();
  const [keep, setKeep] = useState(() => !serverComponents && hydrating);
  const wrapper = useRef<HTMLDivElement>(null);
  // Had React given up on hydrating (and rendered from scratch), there is no server HTML to keep.
  useLayoutEffect(() => {
    if (keep && wrapper.current && !wrapper.current.hasChildNodes()) setKeep(false);
  }, [keep]);

  if (serverComponents) {
    const Component = serverComponents[block._type] as AnyBlockComponent;
    return (
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation: clicks bubble here from the links inside, which Enter activates too
      <div className="server-block" onClick={onClick} {...{ [serverHtmlAttribute]: '' }}>
        <Component {...block} />
      </div>
    );
  }
  if (keep) {
    return (
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation, as above
      <div
        ref={wrapper}
        className="server-block"
        onClick={onClick}
        dangerouslySetInnerHTML={keepServerHtml}
        {...{ [serverHtmlAttribute]: '' }}
        suppressHydrationWarning
      />
    );
  }
  const Component = code.loaded ?? code.lazy;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation, as above
    <div key="client" className="server-block" onClick={onClick}>
      <Suspense fallback={null}>
        <Component {...block} />
      </Suspense>
    </div>
  );
}

/**
 * A server-rendered block; `code` renders it after a client-side navigation. Callers pair a block
 * with its own type's code; the wrapper itself, not a component around it, so the pages'
 * JavaScript carries no extra layer.
 */
export const ServerRenderedBlock = ServerRenderedWrapper as <K extends ServerRenderedType>(props: {
  block: BlockProps<K>;
  code: BlockCode<K>;
  onClick?: MouseEventHandler<HTMLDivElement>;
}) => ReactNode;

/** A registry entry that can load its code ahead of a client-side render (registry.ts). */
export type PreloadableBlock<K extends BlockType> = ComponentType<BlockProps<K>> & { preload?: () => Promise<void> };

export function serverRendered<K extends ServerRenderedType>(load: Loader<K>): PreloadableBlock<K> {
  const code = blockCode(load);
  function ServerRendered(block: BlockProps<K>) {
    return <ServerRenderedBlock block={block} code={code} />;
  }
  return Object.assign(ServerRendered, { preload: code.preload });
}
