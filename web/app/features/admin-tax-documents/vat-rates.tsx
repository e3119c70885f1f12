/**
 * The VAT classes on finance's tax documents screen: each class with its rate, and for the rated
 * ones (standard, reduced) a form to change the label and the rate when the law changes. A new
 * rate applies to what is invoiced from then on; issued documents, and the credit notes of their
 * invoices, keep the rate they were issued at.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RATED_TAX_TYPE_CODES } from '../../../../domain/vat.ts';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { TextField } from '../../components/admin/form-fields';
import { formatDateTime } from '../../lib/staff-time';
import { vatRateInput, type VatClassRow, type VatRateInput } from './api/vat-rates';

const percent = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('en-KE')} %`;
const isRated = (id: string): id is VatRateInput['classId'] => (RATED_TAX_TYPE_CODES as readonly string[]).includes(id);

function VatRateForm({ row }: { row: VatClassRow & { id: VatRateInput['classId'] } }) {
  const headingId = useId();
  const { post, busy, pendingIntent } = usePostToRoute();
  const defaults = { classId: row.id, label: row.label, ratePercent: String(row.rate_basis_points / 100) };
  const form = useForm<VatRateInput, unknown, z.output<typeof vatRateInput>>({
    resolver: zodResolver(vatRateInput),
    defaultValues: defaults,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  useActionResult(`vat_rate_${row.id}`, (result) => {
    if (result.ok) reset(form.getValues());
  });
  return (
    <form
      className="vat-rate-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void handleSubmit(() => post({ intent: `vat_rate_${row.id}`, ...form.getValues() }))(event)}
    >
      <h3 id={headingId}>Change class {row.id}</h3>
      <TextField label="Name on documents" required registration={register('label')} error={errors.label} />
      <TextField
        label="Rate (%)"
        required
        registration={register('ratePercent')}
        error={errors.ratePercent}
        hint="0 to 100, at most 2 decimals, e.g. 16 or 14.5."
      />
      <button type="submit" className="button button--small" disabled={busy}>
        {pendingIntent === `vat_rate_${row.id}` ? 'Saving…' : `Save class ${row.id}`}
      </button>
    </form>
  );
}

export function VatRates({ classes }: { classes: VatClassRow[] }) {
  return (
    <section aria-labelledby="vat-rates-heading">
      <h2 id="vat-rates-heading">VAT rates</h2>
      <p>
        KRA&rsquo;s tax classes. A changed rate applies to checkouts and tax invoices from then on; documents already
        issued, and the credit notes of their invoices, keep the rate they were issued at.
      </p>
      <div className="data-table__scroll">
        <table className="data-table">
          <caption className="visually-hidden">VAT classes and their rates</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Name</th>
              <th scope="col">Rate</th>
              <th scope="col">Last changed</th>
            </tr>
          </thead>
          <tbody>
            {classes.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.id}</th>
                <td>{row.label}</td>
                <td>{percent(row.rate_basis_points)}</td>
                <td>{formatDateTime(row.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {classes.flatMap((row) => (isRated(row.id) ? [<VatRateForm key={row.id} row={{ ...row, id: row.id }} />] : []))}
    </section>
  );
}
