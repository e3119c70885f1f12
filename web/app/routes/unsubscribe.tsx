/**
 * /unsubscribe?token=<token>: every newsletter e-mail's unsubscribe link, and its List-Unsubscribe
 * address. A POST unsubscribes: the page's button, or a mail client's RFC 8058 one-click POST
 * (body `List-Unsubscribe=One-Click`, no cookies, no further interaction). The GET only asks, so
 * a link scanner cannot unsubscribe anyone. Never cached, indexed, or sent on as a referrer.
 */
import { Form, useNavigation, type ActionFunctionArgs, type HeadersFunction } from 'react-router';
import { publicEnv } from '../config/env.server';
import { unsubscribe } from '../features/newsletter/newsletter-token.server';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/unsubscribe';
import '../features/newsletter/newsletter-pages.css';

export async function loader() {
  const settings = await loadSiteSettings();
  return {
    meta: privateScreenMeta('Unsubscribe', settings.instituteName, rootMeta(settings, publicEnv().siteUrl)),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const state = await unsubscribe(token);
    return { state, failed: false };
  } catch (error) {
    console.error('[newsletter] unsubscribe failed', error);
    return { state: null, failed: true };
  }
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [{ name: 'robots', content: 'noindex' }];
}

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

export default function UnsubscribePage({ actionData: result }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="container newsletter-page">
      <h1>Unsubscribe from the newsletter</h1>
      {!result ? (
        <>
          <p>Press the button to stop receiving the Ascent newsletter.</p>
          <Form method="post">
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Unsubscribe
            </button>
          </Form>
        </>
      ) : result.failed ? (
        <p role="alert">We could not unsubscribe you just now. Please try the link again in a moment.</p>
      ) : result.state ? (
        <p role="status">
          You have been unsubscribed: {result.state.email} will receive no more newsletters. Changed your mind? Sign up
          again at the foot of any page.
        </p>
      ) : (
        <p role="alert">This unsubscribe link is not valid. Please use the link in your latest newsletter e-mail.</p>
      )}
    </section>
  );
}
