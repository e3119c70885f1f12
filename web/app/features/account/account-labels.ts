/**
 * Words /account shows for stored states. The order statuses are the ones customers read on the
 * confirmation page and the PDF (private.order_status_label in the database).
 */
const orderStatusLabels: Record<string, string> = {
  pending: 'Awaiting payment',
  confirmed: 'Confirmed, awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired unpaid',
};

export function orderStatusLabel(status: string): string {
  return orderStatusLabels[status] ?? status;
}

/** Whether the order still waits for the customer's payment (the confirmation page takes it). */
export function awaitsPayment(status: string): boolean {
  return status === 'pending' || status === 'confirmed';
}

/**
 * Whether a participant's name may be changed here: a paid order whose intake starts after today
 * (Nairobi date, `today` as YYYY-MM-DD). public.rename_order_participant decides; this only hides
 * the form where the database would refuse.
 */
export function mayRenameParticipants(
  status: string,
  intakeStartsOn: string | null | undefined,
  today: string,
): boolean {
  return status === 'paid' && !!intakeStartsOn && intakeStartsOn > today;
}

/** A line's seats that have no participant yet (an order placed "names later"). */
export function unnamedSeatsLabel(seats: number): string {
  return seats === 1 ? '1 seat not named yet' : `${seats} seats not named yet`;
}

const newsletterLabels: Record<string, string> = {
  pending: 'Waiting for you to confirm (see the e-mail we sent)',
  confirmed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Stopped: mail to this address was refused. Subscribe again to restart',
};

export function newsletterStatusLabel(status: string | null | undefined): string {
  return status ? (newsletterLabels[status] ?? status) : 'Not subscribed';
}
