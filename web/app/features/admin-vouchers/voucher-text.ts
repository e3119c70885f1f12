/** How the vouchers screen and its CSV word a voucher: what it gives, where, when, how often. */
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/staff-time';
import type { Voucher, VoucherChoices } from './vouchers-api';

type VoucherTerms = Pick<
  Voucher,
  'kind' | 'percent_off' | 'amount' | 'currency' | 'scope' | 'program_ids' | 'intake_ids' | 'valid_from' | 'valid_until'
>;

export function benefitText(voucher: VoucherTerms): string {
  if (voucher.kind === 'percent_off') return `${voucher.percent_off} % off each seat`;
  const money = formatMoney(voucher.amount ?? 0, voucher.currency === 'KES' ? 'KES' : 'USD', { cents: true });
  return voucher.kind === 'amount_off' ? `${money} off each seat` : `Each seat for ${money}`;
}

/** Where a voucher (or each code of a batch) holds seats, how many its orders used, until when. */
export function heldSeatsText(
  codes: ReadonlyArray<
    Pick<Voucher, 'held_intake_id' | 'held_seats' | 'held_until' | 'held_used' | 'hold_active' | 'is_paused'>
  >,
  choices: VoucherChoices,
): string {
  const first = codes[0];
  if (!first?.held_intake_id || !first.held_seats) return 'None';
  const held = codes.reduce((sum, code) => sum + (code.held_seats ?? 0), 0);
  const used = codes.reduce((sum, code) => sum + (code.held_used ?? 0), 0);
  const intake = choices.intakes.find((i) => i.id === first.held_intake_id);
  const title = choices.programs.find((p) => p.id === intake?.program_id)?.title;
  const where = intake && title ? `${title} from ${intake.starts_on}` : 'a past intake';
  const until = first.held_until ? `, until ${formatDateTime(first.held_until)}` : '';
  const released = codes.every((code) => code.hold_active === false) ? ' (released)' : '';
  return `${Math.min(used, held)} of ${held} used, in ${where}${until}${released}`;
}

export function scopeText(voucher: VoucherTerms, choices: VoucherChoices): string {
  if (voucher.scope === 'all_programs') return 'All programs';
  const title = (programId: string) => choices.programs.find((p) => p.id === programId)?.title ?? 'A removed program';
  if (voucher.scope === 'programs') return voucher.program_ids.map(title).join(', ');
  return voucher.intake_ids
    .map((id) => {
      const intake = choices.intakes.find((i) => i.id === id);
      return intake ? `${title(intake.program_id)} from ${intake.starts_on}` : 'A past intake';
    })
    .join(', ');
}

export function validityText(voucher: VoucherTerms): string {
  const from = voucher.valid_from ? formatDateTime(voucher.valid_from) : null;
  const until = voucher.valid_until ? formatDateTime(voucher.valid_until) : null;
  if (from && until) return `${from} to ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Always';
}
