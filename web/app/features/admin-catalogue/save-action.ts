/**
 * The clientAction of a catalogue edit page: the form's input (JSON) created or saved through the
 * page's api functions. A new row is a toast and a redirect to its edit address; a saved edit is
 * a toast and the saved row; a failure is a toast and its words, and the form keeps its input.
 */
import type { ActionResult } from '../../components/admin/action-result';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { redirectTo } from '../../lib/supabase/redirect-response';

/** `intent: 'save'`: a page with other writes (a program's intakes) tells the answers apart. */
export type SaveResult<Row> = { intent: 'save'; ok: true; saved: Row } | (ActionResult & { ok: false });

export interface SaveOperations<Input, Row extends { id: string }> {
  /** The row's id from the URL; undefined on the "new" page. */
  id: string | undefined;
  create: (input: Input) => Promise<Row>;
  update: (input: { id: string; values: Input }) => Promise<Row>;
  nameOf: (row: Row) => string;
  /** The list's address: a new row's edit page is `${basePath}/${id}`. */
  basePath: string;
}

/** `body`: the request's JSON, the form's input; the api functions check it with their zod schema. */
export async function saveAction<Input, Row extends { id: string }>(
  body: unknown,
  { id, create, update, nameOf, basePath }: SaveOperations<Input, Row>,
): Promise<SaveResult<Row> | Response> {
  const input = body as Input;
  try {
    if (id) {
      const saved = await update({ id, values: input });
      void toastSuccess(`Saved “${nameOf(saved)}”.`);
      return { intent: 'save', ok: true, saved };
    }
    const created = await create(input);
    void toastSuccess(`Created “${nameOf(created)}”.`);
    return redirectTo(`${basePath}/${created.id}`);
  } catch (error) {
    const words = describeDbError(error);
    void toastError(words);
    return { intent: 'save', ok: false, error: words };
  }
}
