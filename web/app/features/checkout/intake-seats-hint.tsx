/**
 * Below a line's intake choice, the chosen intake's seats in words ("12 seats left"): on a phone
 * the closed dropdown cuts its option text short, and the seats come last in it.
 */
import { useWatch, type Control } from 'react-hook-form';
import { seatsLeftLabel } from '../../lib/intake-dates';
import type { CheckoutInput } from './checkout-schema';
import type { QuotedIntake } from './quote';

interface Props {
  id: string;
  control: Control<CheckoutInput>;
  programId: string;
  intakes: readonly QuotedIntake[];
}

export function IntakeSeatsHint({ id, control, programId, intakes }: Props) {
  const chosen = useWatch({ control, name: `programs.${programId}.intake_id` });
  const intake = intakes.find((candidate) => candidate.id === chosen);
  return (
    <p id={id} className="field__hint" aria-live="polite">
      {intake ? `${intake.dates}, ${intake.place}: ${seatsLeftLabel(intake.seatsLeft)}` : null}
    </p>
  );
}
