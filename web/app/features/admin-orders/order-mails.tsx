/** The e-mails the outbox holds for an order (what went out and when) and "resend the confirmation". */
import { usePostToRoute } from '../../components/admin/action-result';
import type { AdminOrder } from './api/get-order';
import type { OrderIntent } from './order-action';
import { formatDateTime } from '../../lib/staff-time';

const kindLabels: Record<string, string> = {
  order_confirmation: 'Confirmation to the customer',
  order_notification: 'Notification to the bookings team',
  mpesa_code_notification: 'M-Pesa code notification',
  mpesa_receipt: 'M-Pesa receipt to the customer',
  order_confirmed: 'Order confirmed, to the customer',
  order_paid: 'Payment received, to the customer',
  order_cancelled: 'Order cancelled, to the customer',
  order_hold_reminder: 'Seats-held reminder to the customer',
  order_expired: 'Order expired, to the customer',
};

const statusLabels: Record<string, string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  uncertain: 'Maybe sent (check the mailbox)',
};

const resend: OrderIntent = { intent: 'resend' };

export function OrderMails({ order }: { order: AdminOrder }) {
  const { post, busy, pendingIntent } = usePostToRoute();
  return (
    <section aria-labelledby="mails-heading">
      <h2 id="mails-heading">E-mails</h2>
      <ul className="admin-order__mails">
        {order.mail_outbox.map((mail) => (
          <li key={mail.id}>
            {kindLabels[mail.kind] ?? mail.kind}
            {mail.recipient ? ` (${mail.recipient})` : ''}: {statusLabels[mail.status] ?? mail.status}
            {mail.sent_at ? `, ${formatDateTime(mail.sent_at)}` : ''}
          </li>
        ))}
      </ul>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void post(resend)}>
        {pendingIntent === resend.intent ? 'Queuing…' : 'Resend confirmation e-mail'}
      </button>
    </section>
  );
}
