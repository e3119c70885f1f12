/**
 * A program's intake changes, for its edit route's clientAction: add or save an intake, delete
 * one, posted as JSON by the intakes section. The toast says what happened; the result carries
 * the failure's words. Afterwards the router reads the page (and its intakes) again.
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { createIntake, intakeValues } from './api/create-intake';
import { deleteCatalogueRow } from './api/delete-catalogue-row';
import { updateIntake } from './api/update-intake';

export const intakeIntent = z.discriminatedUnion('intent', [
  /** `id` null: a new intake. */
  z.object({ intent: z.literal('save-intake'), id: z.uuid().nullable(), values: intakeValues }),
  z.object({ intent: z.literal('delete-intake'), id: z.uuid(), name: z.string() }),
]);
export type IntakeIntent = z.input<typeof intakeIntent>;

export function isIntakeIntent(body: unknown): boolean {
  return intakeIntent.safeParse(body).success;
}

export function intakeAction(programId: string, body: unknown): Promise<ActionResult> {
  const intent = intakeIntent.parse(body);
  switch (intent.intent) {
    case 'save-intake': {
      const { id, values } = intent;
      return toastedAction(intent.intent, async () => {
        if (id) await updateIntake({ id, values });
        else await createIntake({ programId, values });
        return id ? 'Intake saved.' : 'Intake added.';
      });
    }
    case 'delete-intake':
      return toastedAction(
        intent.intent,
        async () => {
          await deleteCatalogueRow({ table: 'program_intakes', id: intent.id });
          return `Deleted the intake ${intent.name}.`;
        },
        intent.id,
      );
  }
}
