/**
 * Loading, validating and saving one catalogue row with react-hook-form + zod: a new row is
 * inserted and the page moves to its edit URL; an edit is updated in place. A failure keeps the
 * input and shows what went wrong in words (form notice and toast); success is a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { recordNotFoundWords } from '../../components/admin/describe-db-error';
import { isUuid } from '../../lib/uuid';
import { insertRow, readRow, updateRow, type CatalogueTable, type Row } from './catalogue-data';
import { errorWords } from './error-words';

type Tables = import('../../lib/supabase/database').Database['public']['Tables'];

export interface EntityFormOptions<T extends CatalogueTable, Input extends FieldValues, Output> {
  table: T;
  /** undefined for a new row. */
  id: string | undefined;
  schema: z.ZodType<Output, Input>;
  empty: DefaultValues<Input>;
  toInput: (row: Row<T>) => DefaultValues<Input>;
  toRow: (values: Output) => Tables[T]['Insert'];
  nameOf: (row: Row<T>) => string;
  basePath: string;
  /** After a saved edit (the route reloads the row's history). */
  onSaved?: () => void;
}

export function useEntityForm<T extends CatalogueTable, Input extends FieldValues, Output>(
  options: EntityFormOptions<T, Input, Output>,
) {
  const { table, id, schema, empty, toInput, toRow, nameOf, basePath, onSaved } = options;
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues: empty, mode: 'onBlur' });
  const [row, setRow] = useState<Row<T> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { reset } = form;

  useEffect(() => {
    if (!id || !isUuid(id)) return;
    let current = true;
    readRow(table, id).then(
      (loaded) => {
        if (!current) return;
        setRow(loaded);
        reset(toInput(loaded));
      },
      (error: unknown) => {
        if (current) setLoadError(errorWords(error));
      },
    );
    return () => {
      current = false;
    };
    // toInput is a module-level function of each screen; the row is read once per id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, id, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaveError(null);
    try {
      if (id) {
        const saved = await updateRow(table, id, toRow(values) as Tables[T]['Update']);
        setRow(saved);
        reset(toInput(saved));
        void toastSuccess(`Saved “${nameOf(saved)}”.`);
        onSaved?.();
      } else {
        const saved = await insertRow(table, toRow(values));
        void toastSuccess(`Created “${nameOf(saved)}”.`);
        await navigate(`${basePath}/${saved.id}`, { replace: true });
      }
    } catch (error) {
      const words = errorWords(error);
      setSaveError(words);
      void toastError(words);
    }
  });

  // An edit form shows once its row is in: typing into it earlier would be overwritten by the load.
  const ready = !id || row !== null;
  // An id that is not a UUID (a mistyped link) names no row: no read, and the words of a missing row.
  const idError = id && !isUuid(id) ? recordNotFoundWords : null;
  return { form, row, ready, loadError: idError ?? loadError, saveError, onSubmit };
}
