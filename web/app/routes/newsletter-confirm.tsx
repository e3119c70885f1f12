/**
 * /newsletter/confirm?token=<token>: the double opt-in link. The page asks for one click (a POST)
 * rather than confirming on the GET, so a mail scanner that follows every link cannot subscribe
 * anyone. Never cached, indexed, or sent on as a referrer.
 */
import { Form, useNavigation, type ActionFunctionArgs, type HeadersFunction } from 'react-router';
import { publicEnv } from '../config/env.server';
import { chooseTopics, confirmSubscription, subscriberTopics } from '../features/newsletter/newsletter-token.server';
import { TopicsForm } from '../features/newsletter/topics-form';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/newsletter-confirm';
import '../features/newsletter/newsletter-pages.css';

export async function loader() {
  const settings = await loadSiteSettings();
  return {
    meta: privateScreenMeta(
      'Confirm your subscription',
      settings.instituteName,
      rootMeta(settings, publicEnv().siteUrl),
    ),
  };
}

/**
 * The confirmation (the page's first button), or the topics a confirmed subscriber chose (the
 * form shown after it). Confirming again answers as before, so the topics form carries the
 * confirmation's answer forward.
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // A body that is not a form (a link checker's empty POST) only confirms.
  const form = await request.formData().catch(() => new FormData());
  try {
    const state = await confirmSubscription(token);
    let saved = false;
    if (state?.status === 'confirmed' && form.get('intent') === 'topics') {
      saved = await chooseTopics(
        token,
        form.getAll('topic').map((topic) => String(topic)),
      );
    }
    const topics = state?.status === 'confirmed' ? await subscriberTopics(token) : null;
    return { state, topics, saved, failed: false };
  } catch (error) {
    console.error('[newsletter] confirmation failed', error);
    return { state: null, topics: null, saved: false, failed: true };
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

function Outcome({ result }: { result: NonNullable<Route.ComponentProps['actionData']> }) {
  if (result.failed)
    return <p role="alert">We could not confirm your subscription just now. Please try the link again in a moment.</p>;
  if (!result.state)
    return (
      <p role="alert">
        This confirmation link is not valid. Please use the link in your latest e-mail, or sign up again at the foot of
        any page.
      </p>
    );
  if (result.state.status === 'confirmed')
    return (
      <p role="status">
        Your subscription is confirmed: {result.state.email} is on our newsletter list. Every e-mail has a link to
        unsubscribe.
      </p>
    );
  return (
    <p role="alert">
      {result.state.email} has unsubscribed since this link was sent. To receive the newsletter again, sign up at the
      foot of any page.
    </p>
  );
}

export default function NewsletterConfirmPage({ actionData: result }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="container newsletter-page">
      <h1>Confirm your subscription</h1>
      {result ? (
        <>
          <Outcome result={result} />
          {result.topics && result.topics.offered.length > 0 && (
            <TopicsForm offered={result.topics.offered} chosen={result.topics.chosen} saved={result.saved} />
          )}
        </>
      ) : (
        <>
          <p>Please confirm that you want to receive the Ascent newsletter. You can unsubscribe at any time.</p>
          <Form method="post">
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Confirm my subscription
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
