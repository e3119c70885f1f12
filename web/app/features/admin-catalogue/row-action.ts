/**
 * A catalogue list's row changes, for its route's clientAction: Publish / Unpublish, Delete or
 * (events) Cancel, posted as JSON by RowActions. The toast says what happened; the result carries
 * the failure's words. Afterwards the router reads the list again (its clientLoader).
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { cancelEvent } from './api/cancel-event';
import { deleteCatalogueRow } from './api/delete-catalogue-row';
import { setPublished, type CatalogueTable } from './api/set-published';

const row = { id: z.uuid(), name: z.string() };

export const rowIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set-published'), ...row, published: z.boolean() }),
  z.object({ intent: z.literal('delete'), ...row }),
  z.object({ intent: z.literal('cancel-event'), ...row, registered: z.number().int() }),
]);
export type RowIntent = z.input<typeof rowIntent>;

export const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

async function run(table: CatalogueTable, intent: z.output<typeof rowIntent>): Promise<string> {
  switch (intent.intent) {
    case 'set-published':
      await setPublished({ table, id: intent.id, published: intent.published });
      return `${intent.published ? 'Published' : 'Unpublished'} “${intent.name}”.`;
    case 'delete':
      await deleteCatalogueRow({ table, id: intent.id });
      return `Deleted “${intent.name}”.`;
    case 'cancel-event':
      await cancelEvent({ id: intent.id });
      return `Cancelled “${intent.name}”; ${people(intent.registered)} e-mailed.`;
  }
}

/** Whether a posted body is a row change (a page with other writes too dispatches on this). */
export function isRowIntent(body: unknown): boolean {
  return rowIntent.safeParse(body).success;
}

/** Runs a row change posted to a list route (`body` is the request's JSON). */
export function rowAction(table: CatalogueTable, body: unknown): Promise<ActionResult> {
  const intent = rowIntent.parse(body);
  return toastedAction(intent.intent, () => run(table, intent), intent.id);
}

/** A list route's whole clientAction. */
export async function catalogueRowAction(table: CatalogueTable, request: Request): Promise<ActionResult> {
  return rowAction(table, await request.json());
}
