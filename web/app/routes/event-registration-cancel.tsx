/**
 * /events/registration/cancel?token=<token>: the link in every registration e-mail. The GET shows
 * the registration and asks; the POST cancels (so a mail scanner following links cancels nothing),
 * which frees the seats for the waitlist. Never cached, indexed, or sent on as a referrer.
 */
import { Form, Link, useLoaderData, useNavigation, type HeadersFunction } from 'react-router';
import { formatEventWhen } from '../blocks/live/format';
import { publicEnv } from '../config/env.server';
import { cancelRegistration, readRegistration } from '../features/event-registration/event-registration.server';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/event-registration-cancel';
import '../features/event-registration/event-registration.css';

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const [registration, settings] = await Promise.all([readRegistration(token, new Date()), loadSiteSettings()]);
  return {
    registration: registration
      ? { ...registration, when: formatEventWhen(registration.startsAt, registration.endsAt) }
      : null,
    meta: privateScreenMeta(
      'Cancel your registration',
      settings.instituteName,
      rootMeta(settings, publicEnv().siteUrl),
    ),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    return { cancelled: await cancelRegistration(token), failed: false };
  } catch (error) {
    console.error('[event-registration] cancellation failed', error);
    return { cancelled: false, failed: true };
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

function EventFacts({ registration }: { registration: { eventTitle: string; when: string; venue: string } }) {
  return (
    <p className="registration-page__facts">
      {registration.eventTitle}
      <br />
      {registration.when}
      <br />
      {registration.venue}
    </p>
  );
}

export default function CancelRegistrationPage({ actionData: result }: Route.ComponentProps) {
  const { registration } = useLoaderData<typeof loader>();

  const navigation = useNavigation();
  if (!registration)
    return (
      <section className="container registration-page">
        <h1>Registration not found</h1>
        <p>
          This link does not lead to a registration. Please use the link in your latest e-mail about the event.{' '}
          <Link to="/events">See our events</Link>.
        </p>
      </section>
    );
  if (registration.eventCancelled)
    return (
      <section className="container registration-page">
        <h1>This event was cancelled</h1>
        <EventFacts registration={registration} />
        <p role="status">
          {registration.name}, we are sorry: this event was cancelled, so your registration is cancelled too. We have
          e-mailed you about it; there is nothing more you need to do.
        </p>
        <p>
          <Link to="/events">See our other events</Link>.
        </p>
      </section>
    );
  return (
    <section className="container registration-page">
      <h1>Cancel your registration</h1>
      <EventFacts registration={registration} />
      {result?.failed ? (
        <p role="alert">We could not cancel your registration just now. Please try again in a moment.</p>
      ) : null}
      {result?.cancelled || registration.status === 'cancelled' ? (
        <p role="status">
          Your registration is cancelled. Thank you for letting us know: your seat goes to the next person waiting.
        </p>
      ) : registration.past ? (
        <p>This event has already taken place.</p>
      ) : (
        <>
          <p>
            {registration.name}, you are {registration.status === 'waitlisted' ? 'on the waitlist' : 'registered'} (
            {registration.seats === 1 ? '1 seat' : `${registration.seats} seats`}). Cancel if you cannot come.
          </p>
          <Form method="post">
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Cancel my registration
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
