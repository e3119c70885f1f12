/**
 * The order workflow as the admin shows it: statuses, their labels, and the next steps a status
 * offers. The database enforces the same rules (migration 20261124230000_order_workflow.sql);
 * this copy only decides which buttons to show.
 */
export const orderStatuses = ['pending', 'confirmed', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const statusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  paid: 'Paid',
  cancelled: 'Cancelled',
  // Unpaid when its hold ended: set by the expiry job, never by staff.
  expired: 'Expired unpaid',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

export interface StatusAction {
  to: OrderStatus;
  label: string;
  /** Destructive steps ask for confirmation first. */
  confirm: boolean;
}

/** The steps the workflow allows from `status`: pending -> confirmed -> paid, or cancelled (a paid one with a credit note). */
export function nextActions(status: OrderStatus): StatusAction[] {
  switch (status) {
    case 'pending':
      return [
        { to: 'confirmed', label: 'Confirm order', confirm: false },
        { to: 'cancelled', label: 'Cancel order', confirm: true },
      ];
    case 'confirmed':
      return [
        { to: 'paid', label: 'Mark as paid', confirm: false },
        { to: 'cancelled', label: 'Cancel order', confirm: true },
      ];
    case 'paid':
      // A refund: the database issues the credit note for the tax invoice.
      return [{ to: 'cancelled', label: 'Cancel and credit', confirm: true }];
    default:
      return [];
  }
}
