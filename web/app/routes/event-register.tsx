/**
 * /events/<slug>/register: the site's own registration for an upcoming event (capacity, then the
 * waitlist); a past event says registration is closed, an unknown slug is a 404. The form calls
 * register_for_event from the browser (per-client throttle); the page itself is public.
 */
import {
  data,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useNavigate,
  useRouteError,
  type HeadersFunction,
  type MetaDescriptor,
} from 'react-router';
import { formatEventWhen, formatPrice } from '../blocks/live/format';
import { publicEnv } from '../config/env.server';
import { readRegistrationEvent } from '../features/event-registration/event-registration.server';
import { RegistrationForm } from '../features/event-registration/registration-form';
import { eventJsonLd } from '../features/seo/json-ld.server';
import { JsonLd } from '../features/seo/json-ld-script';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { seatsLeftLabel } from '../lib/intake-dates';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/event-register';
import '../components/ui/form-fields.css';
import '../features/event-registration/event-registration.css';

export async function loader({ params }: Route.LoaderArgs) {
  const [event, settings] = await Promise.all([readRegistrationEvent(params.slug, new Date()), loadSiteSettings()]);
  const siteUrl = publicEnv().siteUrl;
  const parent = rootMeta(settings, siteUrl);
  if (!event)
    throw data({ meta: privateScreenMeta('Event not found', settings.instituteName, parent) }, { status: 404 });
  const registerHref = `/events/${event.slug}/register`;
  return {
    event: {
      ...event,
      when: formatEventWhen(event.startsAt, event.endsAt),
      priceLabel: event.price ? formatPrice(event.price.amount, event.price.currency) : null,
    },
    jsonLd: eventJsonLd(
      {
        title: event.title,
        description: event.description,
        venue: event.venue,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        registerHref: event.past ? null : registerHref,
        seatsLeft: event.seatsLeft,
        price: event.price,
      },
      { siteUrl, instituteName: settings.instituteName },
    ),
    meta: privateScreenMeta(`Register: ${event.title}`, settings.instituteName, parent),
  };
}

export function meta({ data, error }: Route.MetaArgs) {
  if (data) return data.meta;
  if (isRouteErrorResponse(error) && error.status === 404) return (error.data as { meta: MetaDescriptor[] }).meta;
  return [{ name: 'robots', content: 'noindex' }];
}

/** Seats left change with every registration: never replayed from the page cache. */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function EventRegisterPage() {
  const { event, jsonLd } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <section className="container registration-page">
      <h1>Register: {event.title}</h1>
      <p className="registration-page__facts">
        {event.when}
        <br />
        {event.venue}
        {event.priceLabel ? (
          <>
            <br />
            {event.priceLabel} per seat
          </>
        ) : null}
        {event.seatsLeft !== null && !event.past ? (
          <>
            <br />
            {seatsLeftLabel(event.seatsLeft)}
          </>
        ) : null}
      </p>
      {event.past ? (
        <p role="status">
          This event has already taken place, so registration is closed. <Link to="/events">See upcoming events</Link>.
        </p>
      ) : (
        <RegistrationForm
          slug={event.slug}
          title={event.title}
          paid={event.priceLabel !== null}
          full={event.full}
          // The seats above count the visitor's own registration at once: the same page again
          // re-runs its loader (and keeps the form's outcome and the scroll position).
          onRegistered={() => void navigate('.', { replace: true, preventScrollReset: true })}
        />
      )}
      <JsonLd data={jsonLd} />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="container registration-page">
      <h1>{notFound ? 'Event not found' : 'We couldn’t load this event just now'}</h1>
      <p>
        {notFound ? 'This link does not lead to an event.' : 'Please reload the page in a moment.'}{' '}
        <Link to="/events">See our events</Link>.
      </p>
    </section>
  );
}
