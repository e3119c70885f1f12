/**
 * The clientAction of a catalogue edit page: the form's input (JSON) created or saved through the
 * page's api functions. A new row is a toast and a redirect to its edit address; a saved edit is
 * a toast and the saved row; a failure is a toast and its words, and the form keeps its input.
 */
import { redirect } from 'react-router';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';

export type SaveResult<Row> = { ok: true; saved: Row } | { ok: false; error: string };

export interface SaveOperations<Input, Row extends { id: string }> {
  /** The row's id from the URL; undefined on the "new" page. */
  id: string | undefined;
  create: (input: Input) => Promise<Row>;
  update: (input: { id: string; values: Input }) => Promise<Row>;
  nameOf: (row: Row) => string;
  /** The list's address: a new row's edit page is `${basePath}/${id}`. */
  basePath: string;
}

export async function saveAction<Input, Row extends { id: string }>(
  request: Request,
  { id, create, update, nameOf, basePath }: SaveOperations<Input, Row>,
): Promise<SaveResult<Row> | Response> {
  // The api functions check the input with their zod schema.
  const input = (await request.json()) as Input;
  try {
    if (id) {
      const saved = await update({ id, values: input });
      void toastSuccess(`Saved “${nameOf(saved)}”.`);
      return { ok: true, saved };
    }
    const created = await create(input);
    void toastSuccess(`Created “${nameOf(created)}”.`);
    return redirect(`${basePath}/${created.id}`);
  } catch (error) {
    const words = describeDbError(error);
    void toastError(words);
    return { ok: false, error: words };
  }
}
