/**
 * The clientAction of a catalogue list: a row's Publish / Unpublish, Delete or (events) Cancel,
 * posted as JSON by RowActions' fetcher. The toast says what happened; the result carries the
 * failure's words. Afterwards the router reads the list again (its clientLoader).
 */
import { z } from 'zod';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
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

export type RowActionResult = { ok: true } | { ok: false; error: string };

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

export async function catalogueRowAction(table: CatalogueTable, request: Request): Promise<RowActionResult> {
  try {
    void toastSuccess(await run(table, rowIntent.parse(await request.json())));
    return { ok: true };
  } catch (error) {
    const words = describeDbError(error);
    void toastError(words);
    return { ok: false, error: words };
  }
}
