/** The order e-mails (HTML and plain text): the customer's confirmation, the bookings team's notifications. */
import type { OutgoingMail } from '../_shared/mailer.ts';
import { formatDateTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { OrderLine, WorkerOrder } from '../../../domain/order-document.ts';
import { linePriceNote, orderDiscount } from '../../../domain/voucher-discount.ts';
import { describeIntake } from '../_shared/intake-text.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { escapeHtml, mailPage } from './mail-layout.ts';

export function confirmationUrl(siteUrl: string, token: string): string {
  return new URL(`/order-confirmation?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

export function lineText(line: OrderLine, code: string | null = null): string {
  const people = line.participants.map((p) => p.name).join(', ');
  const note = linePriceNote(line, code);
  return [
    `- ${line.title}: ${line.quantity} x ${formatMoney(line.unit_price, line.currency, { cents: true })} = ${formatMoney(line.line_total, line.currency, { cents: true })}`,
    ...(note ? [`  ${note}`] : []),
    `  ${describeIntake(line.intake)}`,
    `  Participants: ${people || 'to be named later'}`,
  ].join('\n');
}

function totalsText(order: WorkerOrder): string {
  const discount = orderDiscount(order);
  return [
    ...(discount ? [`${discount.label}: ${discount.usd} / ${discount.kes} (the total is after it)`] : []),
    `Total: ${formatMoney(order.total_usd, 'USD', { cents: true })} / ${formatMoney(order.total_kes, 'KES', { cents: true })}`,
    `(1 USD = ${order.kes_per_usd} KES)`,
  ].join('\n');
}

function bankLines(settings: InstituteSettings): string[] {
  return settings.payments.bankAccounts.map(
    (account) =>
      `${account.currency}: ${account.bankName}, ${account.branch} branch, ${account.accountName}, account ${account.accountNumber}` +
      (account.swiftCode ? `, SWIFT ${account.swiftCode}` : ''),
  );
}

/** Pending or confirmed: the customer still pays. */
export function awaitsPayment(order: WorkerOrder): boolean {
  return order.status === 'pending' || order.status === 'confirmed';
}

/**
 * What the customer does next, as of now (the mail is written when it is sent): how to pay the
 * way they chose, or that the order is paid, cancelled or expired and nothing is due.
 */
export function paymentSection(order: WorkerOrder, settings: InstituteSettings): { heading: string; lines: string[] } {
  if (order.status === 'paid') {
    const receipt = order.mpesa_receipt ? ` (M-Pesa receipt ${order.mpesa_receipt})` : '';
    return { heading: 'Payment', lines: [`Your order is paid${receipt}. Nothing more is due.`] };
  }
  if (!awaitsPayment(order)) {
    return {
      heading: `Status: ${order.status_label}`,
      lines: [`This order is ${order.status_label.toLowerCase()}: its seats are released and nothing is due.`],
    };
  }
  // Confirmed orders keep their seats without a time limit.
  const hold =
    order.status === 'pending' && order.hold_until
      ? [`We hold your seats until ${formatDateTime(order.hold_until)}; an unpaid order is released then.`]
      : [];
  const heading = `How to pay (${order.payment_label})`;
  if (order.payment_choice === 'mpesa_express') {
    return {
      heading,
      lines: [
        `We sent a payment request for ${formatMoney(Math.ceil(order.total_kes), 'KES', { cents: true })} to your phone: approve it with your M-Pesa PIN.`,
        'If it did not arrive or did not go through, open your order page and send the request again.',
        ...hold,
      ],
    };
  }
  if (order.payment_choice === 'mpesa_paybill') {
    return {
      heading,
      lines: [
        `M-Pesa Paybill: business number ${settings.payments.mpesaPaybill}, account number ${order.reference}.`,
        `Pay ${formatMoney(order.total_kes, 'KES', { cents: true })}, then enter the M-Pesa confirmation code on your order page.`,
        ...hold,
        ...bankLines(settings),
      ],
    };
  }
  return {
    heading,
    lines: [
      `Bank transfer quoting ${order.reference} as the payment reference. Your pro-forma invoice is attached.`,
      ...hold,
      ...bankLines(settings),
    ],
  };
}

function priceNoteHtml(line: OrderLine, code: string | null): string {
  const text = linePriceNote(line, code);
  return text ? `<br>\n<span style="color:#555;">${escapeHtml(text)}</span>` : '';
}

function orderDiscountHtml(order: WorkerOrder): string {
  const discount = orderDiscount(order);
  return discount
    ? `<p>${escapeHtml(discount.label)}: ${escapeHtml(discount.usd)} / ${escapeHtml(discount.kes)} (the total is after it)</p>\n`
    : '';
}

export function linesHtml(order: WorkerOrder): string {
  const rows = order.lines
    .map(
      (line) => `<tr>
<td style="padding:6px 8px;border-bottom:1px solid #ddd;"><strong>${escapeHtml(line.title)}</strong><br>
<span style="color:#555;">${escapeHtml(describeIntake(line.intake))}</span><br>
<span style="color:#555;">Participants: ${escapeHtml(line.participants.map((p) => p.name).join(', '))}</span>${priceNoteHtml(line, order.voucher_code)}</td>
<td style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:right;">${line.quantity}</td>
<td style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:right;">${escapeHtml(formatMoney(line.line_total, line.currency, { cents: true }))}</td>
</tr>`,
    )
    .join('\n');
  return `<table style="border-collapse:collapse;width:100%;">
<thead><tr><th style="text-align:left;padding:6px 8px;">Program</th><th style="text-align:right;padding:6px 8px;">Seats</th><th style="text-align:right;padding:6px 8px;">Amount</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${orderDiscountHtml(order)}<p><strong>Total: ${escapeHtml(formatMoney(order.total_usd, 'USD', { cents: true }))} / ${escapeHtml(formatMoney(order.total_kes, 'KES', { cents: true }))}</strong><br>
<span style="color:#555;">1 USD = ${order.kes_per_usd} KES</span></p>`;
}

export function confirmationEmail(
  order: WorkerOrder,
  settings: InstituteSettings,
  siteUrl: string,
  invoice: Uint8Array,
  /** An order from a quote: where the buyer names or changes its participants. */
  namingUrl: string | null = null,
): OutgoingMail {
  const subject = `Your ${settings.instituteName} order ${order.reference}`;
  const naming = namingUrl
    ? `Name or change the participants (until shortly before each intake starts): ${namingUrl}`
    : null;
  const link = confirmationUrl(siteUrl, order.token);
  const payment = paymentSection(order, settings);
  const text = `Dear ${order.buyer.name},

Thank you for your order ${order.reference}. We have reserved the seats below.

${order.lines.map((line) => lineText(line, order.voucher_code)).join('\n\n')}

${totalsText(order)}

${payment.heading}:
${payment.lines.join('\n')}

See your order at any time: ${link}
${naming ? `\n${naming}\n` : ''}
Questions? Reply to this e-mail or call ${settings.phone}.

${settings.instituteName}`;
  const html = mailPage(
    settings,
    subject,
    `<h1 style="font-size:1.4em;">Thank you for your order ${escapeHtml(order.reference)}</h1>
<p>Dear ${escapeHtml(order.buyer.name)}, we have reserved the seats below.</p>
${linesHtml(order)}
<h2 style="font-size:1.1em;">${escapeHtml(payment.heading)}</h2>
${payment.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">See your order</a> at any time.</p>
${namingUrl ? `<p><a href="${escapeHtml(namingUrl)}">Name or change the participants</a> (until shortly before each intake starts): ${escapeHtml(namingUrl)}</p>` : ''}
<p>Questions? Reply to this e-mail or call ${escapeHtml(settings.phone)}.</p>
<p>${escapeHtml(settings.instituteName)}</p>`,
  );
  return {
    to: order.buyer.email,
    subject,
    text,
    html,
    replyTo: settings.bookingsEmail,
    attachments: [
      { filename: `${order.reference}-pro-forma-invoice.pdf`, contentType: 'application/pdf', content: invoice },
    ],
  };
}

function buyerText(order: WorkerOrder): string {
  const { buyer } = order;
  return [
    `Buyer: ${buyer.name} <${buyer.email}>${buyer.phone ? `, ${buyer.phone}` : ''}`,
    ...(buyer.organisation ? [`Organisation: ${buyer.organisation}`] : []),
    ...(buyer.po_number ? [`Purchase order: ${buyer.po_number}`] : []),
    `Payment: ${order.payment_label}`,
    `Status: ${order.status_label}`,
  ].join('\n');
}

export function notificationEmail(order: WorkerOrder, settings: InstituteSettings): OutgoingMail {
  const subject = `New order ${order.reference} from ${order.buyer.name}`;
  const text = `${buyerText(order)}

${order.lines.map((line) => lineText(line, order.voucher_code)).join('\n\n')}

${totalsText(order)}`;
  const html = mailPage(
    settings,
    subject,
    `<h1 style="font-size:1.3em;">${escapeHtml(subject)}</h1>
${buyerText(order)
  .split('\n')
  .map((line) => `<p style="margin:0;">${escapeHtml(line)}</p>`)
  .join('\n')}
${linesHtml(order)}`,
  );
  return { to: settings.bookingsEmail, subject, text, html, replyTo: order.buyer.email };
}

export function mpesaCodeEmail(order: WorkerOrder, settings: InstituteSettings): OutgoingMail {
  const subject = `M-Pesa code ${order.mpesa_code ?? ''} for order ${order.reference}`;
  const text = `${order.buyer.name} submitted the M-Pesa confirmation code ${order.mpesa_code ?? '(none)'} for order ${order.reference} (${formatMoney(order.total_kes, 'KES', { cents: true })}). Check it against the Paybill ${settings.payments.mpesaPaybill} statement.

${buyerText(order)}`;
  const html = mailPage(
    settings,
    subject,
    text
      .split('\n')
      .map((line) => `<p style="margin:0;">${escapeHtml(line)}</p>`)
      .join('\n'),
  );
  return { to: settings.bookingsEmail, subject, text, html, replyTo: order.buyer.email };
}

/** The customer's receipt once an M-Pesa Express (STK push) payment is confirmed. */
export function mpesaReceiptEmail(order: WorkerOrder, settings: InstituteSettings, siteUrl: string): OutgoingMail {
  const subject = `Payment received for your ${settings.instituteName} order ${order.reference}`;
  const link = confirmationUrl(siteUrl, order.token);
  const receipt = order.mpesa_receipt
    ? `M-Pesa receipt number: ${order.mpesa_receipt}`
    : 'M-Pesa receipt number: see the confirmation message M-Pesa sent to your phone';
  const lines = [
    `Dear ${order.buyer.name},`,
    `We have received your M-Pesa payment of ${formatMoney(Math.ceil(order.total_kes), 'KES', { cents: true })} for order ${order.reference}. Your order is paid.`,
    receipt,
    `See your order at any time: ${link}`,
    settings.instituteName,
  ];
  const html = mailPage(
    settings,
    subject,
    `<h1 style="font-size:1.4em;">Payment received: ${escapeHtml(order.reference)}</h1>
${lines
  .slice(0, 3)
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
${linesHtml(order)}
<p><a href="${escapeHtml(link)}">See your order</a> at any time.</p>
<p>${escapeHtml(settings.instituteName)}</p>`,
  );
  return {
    to: order.buyer.email,
    subject,
    text: `${lines.slice(0, 3).join('\n\n')}\n\n${order.lines.map((line) => lineText(line, order.voucher_code)).join('\n\n')}\n\n${lines.slice(3).join('\n\n')}`,
    html,
    replyTo: settings.bookingsEmail,
  };
}
