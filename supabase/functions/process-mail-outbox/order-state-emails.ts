/**
 * The customer's e-mails when their order changes state: staff confirmed it, marked it paid or
 * cancelled it; its hold is about to end; it expired unpaid. One outbox row each, written in the
 * same transaction as the change (migration 20261127100000_seat_holds.sql).
 */
import type { OutgoingMail } from '../_shared/mailer.ts';
import { formatDateTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { WorkerOrder } from '../../../domain/order-document.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';
import { confirmationUrl, lineText, linesHtml, paymentSection } from './order-emails.ts';

export const orderStateKinds = [
  'order_confirmed',
  'order_paid',
  'order_cancelled',
  'order_hold_reminder',
  'order_expired',
] as const;
export type OrderStateKind = (typeof orderStateKinds)[number];

export function isOrderStateKind(kind: string): kind is OrderStateKind {
  return (orderStateKinds as readonly string[]).includes(kind);
}

function holdEnd(order: WorkerOrder): string {
  return order.hold_until ? formatDateTime(order.hold_until) : 'soon';
}

/** Subject and the opening sentences for each change. */
function wording(kind: OrderStateKind, order: WorkerOrder, institute: string): { subject: string; lead: string[] } {
  const ref = order.reference;
  switch (kind) {
    case 'order_confirmed':
      return {
        subject: `Your ${institute} order ${ref} is confirmed`,
        lead: ['We have confirmed your booking: your seats are kept for you. Payment is still due.'],
      };
    case 'order_paid':
      return {
        subject: `Payment received for your ${institute} order ${ref}`,
        lead: [
          `We have received your payment of ${formatMoney(order.total_kes, 'KES', { cents: true })} / ${formatMoney(order.total_usd, 'USD', { cents: true })}. Your order is paid.`,
        ],
      };
    case 'order_cancelled':
      return {
        subject: `Your ${institute} order ${ref} is cancelled`,
        lead: [
          order.paid_at
            ? 'Your order has been cancelled and its seats released. We will refund your payment; a credit note cancels its tax invoice.'
            : 'Your order has been cancelled and its seats released. Nothing is due.',
          'If this is unexpected, reply to this e-mail.',
        ],
      };
    case 'order_hold_reminder':
      return {
        subject: `Your seats for order ${ref} are held until ${holdEnd(order)}`,
        lead: [
          `Your order is not paid yet. We hold its seats until ${holdEnd(order)}; after that they are released to others.`,
        ],
      };
    case 'order_expired':
      return {
        subject: `Your ${institute} order ${ref} expired unpaid`,
        lead: [
          'Your order was not paid in time, so it has expired and its seats were released. Nothing is due.',
          'If you have paid, reply to this e-mail with your payment reference. To book again, place a new order on our website.',
        ],
      };
  }
}

export function orderStateEmail(
  kind: OrderStateKind,
  order: WorkerOrder,
  settings: InstituteSettings,
  siteUrl: string,
): OutgoingMail {
  const { subject, lead } = wording(kind, order, settings.instituteName);
  const link = confirmationUrl(siteUrl, order.token);
  // Once it is paid, cancelled or expired the section says so; while unpaid it says how to pay.
  const payment = kind === 'order_confirmed' || kind === 'order_hold_reminder' ? paymentSection(order, settings) : null;
  const text = [
    `Dear ${order.buyer.name},`,
    ...lead,
    `Order ${order.reference}: ${order.status_label}`,
    order.lines.map((line) => lineText(line, order.voucher_code)).join('\n\n'),
    ...(payment ? [`${payment.heading}:\n${payment.lines.join('\n')}`] : []),
    `See your order at any time: ${link}`,
    `Questions? Reply to this e-mail or call ${settings.phone}.`,
    settings.instituteName,
  ].join('\n\n');
  const html = mailPage(
    settings,
    subject,
    `<h1 style="font-size:1.4em;">${escapeHtml(subject)}</h1>
<p>Dear ${escapeHtml(order.buyer.name)},</p>
${lead.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><strong>Order ${escapeHtml(order.reference)}: ${escapeHtml(order.status_label)}</strong></p>
${linesHtml(order)}
${payment ? `<h2 style="font-size:1.1em;">${escapeHtml(payment.heading)}</h2>\n${payment.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}` : ''}
<p><a href="${escapeHtml(link)}">See your order</a> at any time.</p>
<p>Questions? Reply to this e-mail or call ${escapeHtml(settings.phone)}.</p>
<p>${escapeHtml(settings.instituteName)}</p>`,
  );
  return { to: order.buyer.email, subject, text, html, replyTo: settings.bookingsEmail };
}
