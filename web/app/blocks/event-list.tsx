/** Events from Supabase (upcoming, past or all, up to a limit), dated in Nairobi time. */
import { JsonLd } from '../features/seo/json-ld-script';
import { BlockSection } from './block-section';
import { LiveRows } from './live/live-rows';
import type { EventItem } from './live/types';
import { useLiveRows } from './page-context';
import type { BlockProps } from './types';

const emptyCopy = {
  upcoming: 'No upcoming events are scheduled right now. New dates are added regularly, so please check back soon.',
  past: 'There are no past events to show yet.',
  all: 'There are no events to show yet. Please check back soon.',
} as const;

const statusLabel = { upcoming: 'Upcoming', ongoing: 'Happening now', past: 'Past event' } as const;

function EventCard({ event }: { event: EventItem }) {
  return (
    <li className={`event event--${event.status}`}>
      <time className="event__badge" dateTime={event.startsAt} aria-hidden="true">
        <span className="event__day">{event.day}</span>
        <span className="event__month">{event.month}</span>
      </time>
      <div className="event__body">
        {event.imageUrl ? (
          <img className="event__image" src={event.imageUrl} alt="" width={640} height={360} loading="lazy" />
        ) : null}
        <p className="event__tags">
          <span className="tag">{statusLabel[event.status]}</span>
          {event.category ? <span className="tag">{event.category}</span> : null}
        </p>
        <h3 className="event__title">{event.title}</h3>
        <p className="event__when">
          <time dateTime={event.startsAt}>{event.when}</time>
        </p>
        <p className="event__where">
          {event.venue} · {event.mode}
        </p>
        <p className="event__description">{event.description}</p>
        {event.price ? <p className="event__price">{event.price.label} per seat</p> : null}
        {event.status === 'upcoming' ? (
          <a className="button button--small event__register" href={event.registerHref}>
            {event.seatsLeft === 0 ? 'Join the waitlist' : 'Register'}
            <span className="visually-hidden"> for {event.title}</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}

export function EventListBlock({ _key, anchor, heading, intro, show }: BlockProps<'eventList'>) {
  const rows = useLiveRows('eventList', _key);
  return (
    <BlockSection blockKey={_key} name="event-list" anchor={anchor} heading={heading} intro={intro}>
      <LiveRows
        rows={rows}
        what="events"
        empty={<p>{emptyCopy[show] ?? emptyCopy.upcoming}</p>}
        error={
          <p>
            <strong>We couldn’t load events just now.</strong> Please refresh the page or try again in a few minutes.
          </p>
        }
      >
        {(events) => (
          <>
            <ul className="event-list" data-show={show}>
              {events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </ul>
            <JsonLd data={events.map((event) => event.jsonLd)} />
          </>
        )}
      </LiveRows>
    </BlockSection>
  );
}
