/**
 * The enquiry form block as the registry serves it. On the first page load the server's HTML of
 * the form stays as it is, and its code (react-hook-form, zod: ~25 KiB gzip) loads only when the
 * visitor reaches for it (pointer over it, focus, touch, a submit), so /contact stays within
 * the JavaScript budget; what they typed meanwhile is carried over, the focus kept, and a submit
 * made before the code was there goes through once it is. After a client-side navigation there is
 * no server HTML: the form renders from its chunk at once.
 */
import {
  lazy,
  Suspense,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type SyntheticEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type { EnquiryValues } from '../features/enquiry/enquiry-schema';
import type { CarriedInput } from './carried-input';
import { useHydrating } from './hydration';
import { ServerParts } from './server-parts';
import type { BlockProps } from './types';
import { serverHtmlAttribute } from '../lib/early-presses';

type FormBlock = ComponentType<BlockProps<'enquiryForm'> & { initial?: Partial<EnquiryValues> }>;

let loaded: FormBlock | null = null;
const load = () =>
  import('./enquiry-form').then((module) => {
    loaded = module.EnquiryFormBlock;
    return module;
  });
const LazyForm = lazy(() => load().then((module) => ({ default: module.EnquiryFormBlock })));

/** Same object every render: React compares `__html` and leaves the server's children alone. */
const keepServerHtml = { __html: '' } as const;

export function EnquiryFormLoader(block: BlockProps<'enquiryForm'>) {
  // On the server the form comes from entry.server.tsx and is in the page's HTML in place (a lazy
  // one would stream after the rest of the page).
  const server = useContext(ServerParts);
  const hydrating = useHydrating();
  const [keep, setKeep] = useState(() => !server && hydrating && !loaded);
  const [carried, setCarried] = useState<CarriedInput | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  // Had React given up on hydrating (and rendered from scratch), there is no server HTML to keep.
  useLayoutEffect(() => {
    if (keep && wrapper.current && !wrapper.current.hasChildNodes()) setKeep(false);
  }, [keep]);

  // Set once the code is asked for: later gestures only add a held submit.
  const waking = useRef<{ submitted: boolean } | null>(null);
  const wake = (event: SyntheticEvent) => {
    const root = wrapper.current;
    if (!root) return;
    if (event.type === 'submit') event.preventDefault();
    if (waking.current) {
      waking.current.submitted ||= event.type === 'submit';
      return;
    }
    const state = { submitted: event.type === 'submit' };
    waking.current = state;
    load().then(
      ({ readServerForm }) => {
        // Read and swap in one synchronous commit: typing between a read and a later commit
        // would be lost with the server's form.
        flushSync(() => {
          setCarried(readServerForm(root, state.submitted));
          setKeep(false);
        });
      },
      // Offline or a new deployment: the next gesture tries again.
      () => {
        waking.current = null;
      },
    );
  };

  useLayoutEffect(() => {
    const root = wrapper.current;
    if (keep || !carried || !root) return;
    if (carried.focused) root.querySelector<HTMLElement>(`[name="${CSS.escape(carried.focused)}"]`)?.focus();
    if (carried.submit) root.querySelector('form')?.requestSubmit();
  }, [keep, carried]);

  if (keep) {
    return (
      <div
        ref={wrapper}
        className="server-block"
        onPointerOver={wake}
        onFocus={wake}
        onTouchStart={wake}
        onSubmit={wake}
        dangerouslySetInnerHTML={keepServerHtml}
        {...{ [serverHtmlAttribute]: '' }}
        suppressHydrationWarning
      />
    );
  }
  const Form = server?.enquiryForm ?? loaded ?? LazyForm;
  const form = <Form {...block} initial={carried?.values} />;
  // No boundary on the server: React would send a boundary this large after the rest of the page.
  return (
    <div ref={wrapper} className="server-block" {...(server ? { [serverHtmlAttribute]: '' } : {})}>
      {server ? form : <Suspense fallback={null}>{form}</Suspense>}
    </div>
  );
}
