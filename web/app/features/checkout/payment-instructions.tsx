/**
 * How to pay, for the chosen method: M-Pesa Paybill (the institute's Paybill number from the CMS,
 * the order reference as the account number) or invoice / bank transfer (the pro-forma invoice,
 * the bank accounts from the CMS when given).
 */
import type { PaymentMethod } from './payment-methods';

export interface BankAccount {
  _key: string;
  currency: string;
  bankName: string;
  branch: string;
  accountName: string;
  accountNumber: string;
  swiftCode: string | null;
}

interface Props {
  method: PaymentMethod;
  paybill: string | null;
  /** The order's reference once it exists; before, the instructions say where it will be. */
  reference?: string;
  /** Shown for invoice payments on the confirmation. */
  bankAccounts?: readonly BankAccount[];
  /** The KES amount to pay by M-Pesa, once known. */
  amountKes?: string;
}

export function PaymentInstructions({ method, paybill, reference, bankAccounts = [], amountKes }: Props) {
  const account = reference ?? 'your order reference (shown once the order is placed)';
  if (method === 'mpesa') {
    return (
      <ol className="payment-steps">
        <li>On M-Pesa, choose Lipa na M-Pesa, then Pay Bill.</li>
        <li>
          Business number: <strong>{paybill ?? 'our Paybill number (we e-mail it to you)'}</strong>
        </li>
        <li>
          Account number: <strong>{account}</strong>
        </li>
        <li>Amount: {amountKes ? <strong>{amountKes}</strong> : 'the total in KES'}.</li>
        <li>Enter the M-Pesa confirmation code on your order confirmation page so we can match your payment.</li>
      </ol>
    );
  }
  return (
    <div className="payment-invoice">
      <p>
        We e-mail you a pro-forma invoice: pay it by bank transfer quoting <strong>{account}</strong>. Organisations can
        raise a purchase order against it.
      </p>
      {bankAccounts.length > 0 ? (
        <ul className="bank-accounts">
          {bankAccounts.map((bank) => (
            <li key={bank._key}>
              <strong>{bank.currency} account</strong>: {bank.bankName}, {bank.branch}. Account name {bank.accountName},
              account number {bank.accountNumber}
              {bank.swiftCode ? `, SWIFT ${bank.swiftCode}` : ''}.
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
