/**
 * The event registration e-mails (HTML and plain text): confirmed (with the .ics and
 * add-to-calendar links), waitlisted, moved up from the waitlist (with the .ics), cancelled by
 * the person; and those staff cause: the event cancelled (with an .ics that takes it off the
 * calendar) and the event moved to another date, time or venue (the confirmed with the new .ics).
 * Each mail about a live registration carries the link that cancels it.
 */
import {
  addToCalendarLinks,
  eventIcs,
  eventTimeZone,
  icsContentType,
  type CalendarEvent,
} from '../_shared/event-calendar.ts';
import type { OutgoingMail } from '../_shared/mailer.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export interface RegistrationDocument {
  name: string;
  email: string;
  seats: number;
  status: string;
  token: string;
  event_id: string;
  event_title: string;
  event_slug: string;
  description: string;
  venue: string;
  mode: string;
  starts_at: string;
  ends_at: string;
  waitlist_position: number | null;
  calendar_sequence: number;
  event_cancelled: boolean;
}

export type RegistrationMailKind =
  'confirmed' | 'waitlisted' | 'promoted' | 'cancelled' | 'event_cancelled' | 'event_changed';

export function cancelUrl(siteUrl: string, token: string): string {
  return new URL(`/events/registration/cancel?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

/** "Tuesday 1 December 2026, 09:00 to 12:00 (Nairobi time)". */
export function eventWhen(startsAt: Date, endsAt: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: eventTimeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: eventTimeZone, hour: '2-digit', minute: '2-digit' });
  const sameDay = day.format(startsAt) === day.format(endsAt);
  return sameDay
    ? `${day.format(startsAt)}, ${time.format(startsAt)} to ${time.format(endsAt)} (Nairobi time)`
    : `${day.format(startsAt)}, ${time.format(startsAt)} to ${day.format(endsAt)}, ${time.format(endsAt)} (Nairobi time)`;
}

function page(settings: InstituteSettings, title: string, paragraphs: string[]): string {
  return mailPage(settings, title, paragraphs.join('\n'));
}

export function registrationEmail(
  kind: RegistrationMailKind,
  registration: RegistrationDocument,
  settings: InstituteSettings,
  siteUrl: string,
  messageDomain: string,
): OutgoingMail {
  const startsAt = new Date(registration.starts_at);
  const endsAt = new Date(registration.ends_at);
  const eventUrl = new URL('/events', siteUrl).toString();
  const calendarEvent: CalendarEvent = {
    uid: `event-${registration.event_id}@${messageDomain}`,
    title: registration.event_title,
    description: registration.description,
    location: registration.venue,
    startsAt,
    endsAt,
    url: eventUrl,
    sequence: registration.calendar_sequence,
    cancelled: kind === 'event_cancelled',
  };
  const when = eventWhen(startsAt, endsAt);
  const cancel = cancelUrl(siteUrl, registration.token);
  const seats = registration.seats === 1 ? '1 seat' : `${registration.seats} seats`;
  const title = registration.event_title;
  const confirmed = registration.status === 'confirmed';
  // Only those holding a seat have the event in their calendar; a cancellation's file removes it.
  const withCalendar = kind === 'confirmed' || kind === 'promoted' || (kind === 'event_changed' && confirmed);
  const withAttachment = withCalendar || kind === 'event_cancelled';
  const registrationEnded = kind === 'cancelled' || kind === 'event_cancelled';
  const links = addToCalendarLinks(calendarEvent);

  const subject = {
    confirmed: `You are registered: ${title}`,
    waitlisted: `You are on the waitlist: ${title}`,
    promoted: `A seat is yours: ${title}`,
    cancelled: `Registration cancelled: ${title}`,
    event_cancelled: `Event cancelled: ${title}`,
    event_changed: `New date, time or venue: ${title}`,
  }[kind];
  const lead = {
    confirmed: `Thank you for registering for ${title} (${seats}). We look forward to seeing you.`,
    waitlisted: `${title} is full, so you are on the waitlist (position ${registration.waitlist_position ?? 1}, ${seats}). If a seat frees up, you move up automatically and we e-mail you.`,
    promoted: `Good news: a seat freed up and your registration for ${title} (${seats}) is now confirmed.`,
    cancelled: `Your registration for ${title} is cancelled. Changed your mind? Register again on our events page while seats remain.`,
    event_cancelled: `We are sorry: ${settings.instituteName} has cancelled ${title}, so your registration (${seats}) is cancelled too. You need do nothing more. If you have questions, reply to this e-mail.`,
    event_changed: confirmed
      ? `${title} has moved. Your registration (${seats}) stands; here are the new details. The attached invitation (.ics) updates your calendar.`
      : `${title} has moved. You are still on the waitlist (${seats}); here are the new details.`,
  }[kind];

  const textLines = [
    `Dear ${registration.name},`,
    '',
    lead,
    '',
    `When: ${when}`,
    `Where: ${registration.venue}`,
    ...(withCalendar
      ? [
          '',
          'The attached invitation (.ics) adds it to your calendar, or use:',
          `Google Calendar: ${links.google}`,
          `Outlook: ${links.outlook}`,
        ]
      : []),
    ...(registrationEnded
      ? [`Events: ${eventUrl}`]
      : ['', `Cannot come? Cancel here so someone else can have the seat: ${cancel}`]),
    '',
    settings.instituteName,
  ];
  const html = page(settings, subject, [
    `<h1 style="font-size:1.4em;">${escapeHtml(subject)}</h1>`,
    `<p>Dear ${escapeHtml(registration.name)},</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><strong>When:</strong> ${escapeHtml(when)}<br><strong>Where:</strong> ${escapeHtml(registration.venue)}</p>`,
    ...(withCalendar
      ? [
          `<p>The attached invitation (.ics) adds it to your calendar, or add it to <a href="${escapeHtml(links.google)}">Google Calendar</a> or <a href="${escapeHtml(links.outlook)}">Outlook</a>.</p>`,
        ]
      : []),
    registrationEnded
      ? `<p><a href="${escapeHtml(eventUrl)}">See our events</a></p>`
      : `<p>Cannot come? <a href="${escapeHtml(cancel)}">Cancel your registration</a> so someone else can have the seat.</p>`,
    `<p>${escapeHtml(settings.instituteName)}</p>`,
  ]);
  return {
    to: registration.email,
    subject,
    text: textLines.join('\n'),
    html,
    replyTo: settings.bookingsEmail,
    attachments: withAttachment
      ? [
          {
            filename: `${registration.event_slug}.ics`,
            contentType: icsContentType(calendarEvent),
            content: new TextEncoder().encode(
              eventIcs(calendarEvent, { name: settings.instituteName, email: settings.bookingsEmail }),
            ),
          },
        ]
      : undefined,
  };
}
