/**
 * A catalogue edit form: react-hook-form + zod in the page (errors beside the fields), the input
 * posted as JSON to the route's clientAction (save-action.ts), `saving` from useNavigation, the
 * action's failure in words. A saved edit resets the form to the saved row.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useActionData, useNavigation, useSubmit } from 'react-router';
import type { z } from 'zod';
import type { SaveResult } from './save-action';

export interface RecordFormOptions<Row, Input extends FieldValues, Output> {
  schema: z.ZodType<Output, Input>;
  /** The row from the route's clientLoader; null on the "new" page. */
  row: Row | null;
  empty: DefaultValues<Input>;
  toInput: (row: Row) => DefaultValues<Input>;
}

export function useRecordForm<Row, Input extends FieldValues, Output>({
  schema,
  row,
  empty,
  toInput,
}: RecordFormOptions<Row, Input, Output>) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: row ? toInput(row) : empty,
    mode: 'onBlur',
  });
  const submit = useSubmit();
  const saving = useNavigation().state === 'submitting';
  const result = useActionData<SaveResult<Row>>();
  const { reset } = form;
  useEffect(() => {
    if (result?.intent !== 'save' || !result.ok) return;
    reset(toInput(result.saved));
    // toInput belongs to the screen; the effect is for each new result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, reset]);
  // The form's own input (strings), not zod's output: the action's api function parses it again.
  const onSubmit = form.handleSubmit(() =>
    submit(form.getValues(), { method: 'post', encType: 'application/json', replace: true }),
  );
  const saveError = result?.intent === 'save' && !result.ok ? result.error : null;
  return { form, saving, saveError, onSubmit };
}
