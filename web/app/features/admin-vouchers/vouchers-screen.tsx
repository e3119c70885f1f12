/**
 * /admin/vouchers: marketing creates a voucher (a code of their choosing) or generates a batch of
 * unguessable codes (downloaded as CSV), pauses and resumes them, and sees each one's uses.
 * Finance sees the same list without the forms' effect (RLS refuses their writes).
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { downloadCsv, type CsvColumn } from '../../components/admin/download-csv';
import { staffInputHint } from '../../lib/staff-time';
import type { VoucherIntent } from './voucher-action';
import { benefitText, heldSeatsText, scopeText, validityText } from './voucher-text';
import type { Voucher, VoucherChoices } from './vouchers-api';
import '../../components/ui/form-fields.css';
import './vouchers.css';

function NewVoucherForm({ choices }: { choices: VoucherChoices }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const { post, busy, pendingIntent } = usePostToRoute();
  useActionResult('create', (result) => {
    if (result.ok) form.current?.reset();
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const intent: VoucherIntent = {
      intent: 'create',
      voucher: {
        code: text('code'),
        count: text('count'),
        description: text('description'),
        kind: text('kind'),
        value: text('value'),
        currency: text('currency'),
        scope: text('scope'),
        programIds: data.getAll('programIds').map(String),
        intakeIds: data.getAll('intakeIds').map(String),
        validFrom: text('validFrom'),
        validUntil: text('validUntil'),
        maxUses: text('maxUses'),
        maxSeatsPerOrder: text('maxSeatsPerOrder'),
        heldIntakeId: text('heldIntakeId'),
        heldSeats: text('heldSeats'),
        heldUntil: text('heldUntil'),
      },
    };
    void post(intent);
  }

  const field = (name: string, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint && (
        <p className="field__hint" id={`${id}-${name}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
  const described = (name: string) => ({ id: `${id}-${name}`, name, 'aria-describedby': `${id}-${name}-hint` });
  const programTitle = (programId: string) => choices.programs.find((p) => p.id === programId)?.title ?? '';

  return (
    <form ref={form} className="voucher-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>New vouchers</h2>
      {field(
        'count',
        'Number of codes',
        <input {...described('count')} className="field__input" type="number" min={1} max={1000} defaultValue={1} />,
        'One code, or a batch of unguessable codes to hand out (downloaded as CSV).',
      )}
      {field(
        'code',
        'Code (or prefix of a batch)',
        <input {...described('code')} className="field__input" maxLength={40} autoComplete="off" />,
        'Letters, digits, - and _; case does not matter. Empty: a random code.',
      )}
      {field(
        'description',
        'Note (for staff)',
        <input id={`${id}-description`} name="description" className="field__input" maxLength={200} />,
      )}
      {field(
        'kind',
        'Discount',
        <select id={`${id}-kind`} name="kind" className="field__input" defaultValue="percent_off">
          <option value="percent_off">Percentage off each seat</option>
          <option value="amount_off">Amount off each seat</option>
          <option value="set_price">Set the price of each seat</option>
        </select>,
      )}
      {field(
        'value',
        'Percentage or amount',
        <input {...described('value')} className="field__input" type="number" min={0.01} step={0.01} required />,
        'An amount applies to programs priced in its currency only.',
      )}
      {field(
        'currency',
        'Currency of an amount',
        <select id={`${id}-currency`} name="currency" className="field__input" defaultValue="KES">
          <option value="KES">KES</option>
          <option value="USD">USD</option>
        </select>,
      )}
      {field(
        'scope',
        'Applies to',
        <select id={`${id}-scope`} name="scope" className="field__input" defaultValue="all_programs">
          <option value="all_programs">All programs</option>
          <option value="programs">The programs chosen below</option>
          <option value="intakes">The intakes chosen below</option>
        </select>,
      )}
      {field(
        'programIds',
        'Programs',
        <select {...described('programIds')} className="field__input" multiple size={5}>
          {choices.programs.map((program) => (
            <option key={program.id} value={program.id}>
              {program.title}
            </option>
          ))}
        </select>,
        'With “The programs chosen below”; Ctrl or Cmd picks several.',
      )}
      {field(
        'intakeIds',
        'Intakes',
        <select {...described('intakeIds')} className="field__input" multiple size={5}>
          {choices.intakes.map((intake) => (
            <option key={intake.id} value={intake.id}>
              {programTitle(intake.program_id)}, from {intake.starts_on}
            </option>
          ))}
        </select>,
        'With “The intakes chosen below”.',
      )}
      {field(
        'validFrom',
        'Valid from (optional)',
        <input {...described('validFrom')} className="field__input" type="datetime-local" />,
        staffInputHint,
      )}
      {field(
        'validUntil',
        'Valid until (optional)',
        <input {...described('validUntil')} className="field__input" type="datetime-local" />,
        staffInputHint,
      )}
      {field(
        'maxUses',
        'Uses allowed per code (optional)',
        <input {...described('maxUses')} className="field__input" type="number" min={1} />,
        'Orders that may use it; a cancelled or expired order gives its use back. Empty: no limit.',
      )}
      {field(
        'maxSeatsPerOrder',
        'Seats discounted per order (optional)',
        <input {...described('maxSeatsPerOrder')} className="field__input" type="number" min={1} />,
        'Empty: every seat of the programs it applies to.',
      )}
      {field(
        'heldIntakeId',
        'Hold seats in intake (optional)',
        <select {...described('heldIntakeId')} className="field__input" defaultValue="">
          <option value="">No seats held</option>
          {choices.intakes.map((intake) => (
            <option key={intake.id} value={intake.id}>
              {programTitle(intake.program_id)}, from {intake.starts_on}
            </option>
          ))}
        </select>,
        'Seats kept for the code’s holders: checkouts without the code cannot take them. The intake must be one the code applies to.',
      )}
      {field(
        'heldSeats',
        'Seats held (per code)',
        <input {...described('heldSeats')} className="field__input" type="number" min={1} max={1000} />,
        'Orders with the code use them up; each code of a batch holds this many.',
      )}
      {field(
        'heldUntil',
        'Hold seats until (optional)',
        <input {...described('heldUntil')} className="field__input" type="datetime-local" />,
        `${staffInputHint} Empty: while the code is valid. Pausing the code also frees its seats.`,
      )}
      <button type="submit" className="button" disabled={busy}>
        {pendingIntent === 'create' ? 'Saving…' : 'Create'}
      </button>
    </form>
  );
}

/** One line of the list: a voucher, or a batch of generated ones. */
interface ListRow {
  key: string;
  label: string;
  first: Voucher;
  codes: Voucher[];
}

function rowsOf(vouchers: readonly Voucher[]): ListRow[] {
  const rows: ListRow[] = [];
  const batches = new Map<string, ListRow>();
  for (const voucher of vouchers) {
    const batch = voucher.batch_id ? batches.get(voucher.batch_id) : undefined;
    if (batch) {
      batch.codes.push(voucher);
      continue;
    }
    const row = { key: voucher.batch_id ?? voucher.id, label: voucher.code, first: voucher, codes: [voucher] };
    if (voucher.batch_id) batches.set(voucher.batch_id, row);
    rows.push(row);
  }
  for (const batch of batches.values()) batch.label = `Batch of ${batch.codes.length} codes`;
  return rows;
}

const csvColumns: CsvColumn<Voucher>[] = [
  { header: 'Code', value: (voucher) => voucher.code },
  { header: 'Discount', value: (voucher) => benefitText(voucher) },
  { header: 'Valid', value: (voucher) => validityText(voucher) },
  { header: 'Uses allowed', value: (voucher) => voucher.max_uses ?? 'No limit' },
  { header: 'Uses', value: (voucher) => voucher.uses },
];

function RowActions({ row }: { row: ListRow }) {
  const { post, busy } = usePostToRoute();
  const paused = row.codes.every((voucher) => voucher.is_paused);
  const target: { id: string } | { batchId: string } =
    row.codes.length > 1 ? { batchId: row.first.batch_id! } : { id: row.first.id };
  return (
    <div className="voucher-actions">
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => void post({ intent: 'pause', paused: !paused, ...target } satisfies VoucherIntent)}
      >
        {paused ? 'Resume' : 'Pause'}
        <span className="visually-hidden">: {row.label}</span>
      </button>
      {row.first.batch_id && (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => downloadCsv(row.codes, csvColumns, `voucher-codes-${row.first.created_at.slice(0, 10)}.csv`)}
        >
          Download codes (CSV)<span className="visually-hidden">: {row.label}</span>
        </button>
      )}
    </div>
  );
}

export function VouchersScreen({ vouchers, choices }: { vouchers: Voucher[]; choices: VoucherChoices }) {
  const rows = rowsOf(vouchers);
  return (
    <>
      <h1>Vouchers</h1>
      <NewVoucherForm choices={choices} />
      <div className="table-scroll">
        <table className="voucher-list">
          <caption>Vouchers and their use</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Applies to</th>
              <th scope="col">Valid</th>
              <th scope="col">Uses</th>
              <th scope="col">Seats discounted</th>
              <th scope="col">Seats held</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9}>No vouchers yet.</td>
              </tr>
            ) : (
              rows.map((row) => {
                const uses = row.codes.reduce((sum, voucher) => sum + voucher.uses, 0);
                const seats = row.codes.reduce((sum, voucher) => sum + voucher.seats, 0);
                const limit =
                  row.first.max_uses === null ? '' : ` of ${row.first.max_uses}${row.codes.length > 1 ? ' each' : ''}`;
                const paused = row.codes.filter((voucher) => voucher.is_paused).length;
                return (
                  <tr key={row.key}>
                    <th scope="row">
                      {row.label}
                      {row.first.description && <div className="field__hint">{row.first.description}</div>}
                    </th>
                    <td>{benefitText(row.first)}</td>
                    <td>{scopeText(row.first, choices)}</td>
                    <td>{validityText(row.first)}</td>
                    <td>
                      {uses}
                      {limit}
                    </td>
                    <td>{seats}</td>
                    <td>{heldSeatsText(row.codes, choices)}</td>
                    <td>{paused === 0 ? 'Active' : paused === row.codes.length ? 'Paused' : `${paused} paused`}</td>
                    <td>
                      <RowActions row={row} />
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
