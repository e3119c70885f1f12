/**
 * Payment receipts in a table for finance (an order's on its page, the latest on
 * /admin/tax-documents), each with its PDF. Receipts are not tax documents: no eTIMS column.
 */
import { Link } from 'react-router';
import { formatMoney } from '../../../../domain/money';
import {
  PAYMENT_METHOD_WORDS,
  paymentReceiptFileName,
  type PaymentReceiptMethod,
} from '../../../../domain/payment-receipt';
import { formatDateTime } from '../../lib/staff-time';
import type { PaymentReceiptRow } from './api/list-payment-receipts';
import { downloadPaymentReceipt } from './api/download-payment-receipt';
import { PdfDownloadButton } from './pdf-download-button';

export function PaymentReceiptsTable({
  receipts,
  caption,
  showOrder = false,
}: {
  receipts: PaymentReceiptRow[];
  caption: string;
  showOrder?: boolean;
}) {
  return (
    <div className="data-table__scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Receipt</th>
            {showOrder ? <th scope="col">Order</th> : null}
            <th scope="col">Paid</th>
            <th scope="col">Method and reference</th>
            <th scope="col">Amount</th>
            <th scope="col">Balance left</th>
            <th scope="col">PDF</th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((receipt) => (
            <tr key={receipt.id}>
              <th scope="row">{receipt.document_number}</th>
              {showOrder ? (
                <td>
                  <Link to={`/admin/orders/${receipt.order_id}`}>{receipt.orders?.reference ?? 'Order'}</Link>
                </td>
              ) : null}
              <td>{formatDateTime(receipt.paid_at)}</td>
              <td>
                {PAYMENT_METHOD_WORDS[receipt.method as PaymentReceiptMethod]}
                {receipt.reference ? ` ${receipt.reference}` : ''}
              </td>
              <td>{formatMoney(receipt.amount, receipt.currency, { cents: true })}</td>
              <td>{formatMoney(receipt.balance, receipt.currency, { cents: true })}</td>
              <td>
                <PdfDownloadButton
                  label={`PDF of receipt ${receipt.document_number}`}
                  fileName={paymentReceiptFileName(receipt.document_number)}
                  load={() => downloadPaymentReceipt({ receiptId: receipt.id })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An order's receipts on its admin page (nothing for roles that read none). */
export function OrderPaymentReceipts({ receipts }: { receipts: PaymentReceiptRow[] }) {
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="payment-receipts-heading">
      <h2 id="payment-receipts-heading">Payment receipts</h2>
      <PaymentReceiptsTable receipts={receipts} caption="The order's payment receipts" />
    </section>
  );
}
