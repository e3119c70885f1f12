/**
 * The one place a server refusal (domain/refusal.ts) meets a react-hook-form form: shown beside
 * the field it names, which takes focus, or elsewhere (above the button) when no field of the
 * form holds what it names. Each form says how the server's argument names map to its fields.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

export interface ShownRefusal {
  /** The argument the server names ('email', 'items.1.intake_id'), or null for the whole request. */
  field: string | null;
  message: string;
}

/** A form's field for a server's argument name: a list of fields named alike, or a mapping. */
export type RefusalFields<Values extends FieldValues> =
  readonly FieldPath<Values>[] | ((field: string) => FieldPath<Values> | null);

export function fieldOfRefusal<Values extends FieldValues>(
  field: string | null,
  fields: RefusalFields<Values>,
): FieldPath<Values> | null {
  if (field === null) return null;
  if (typeof fields === 'function') return fields(field);
  return fields.find((name) => name === field) ?? null;
}

export function showRefusal<Values extends FieldValues>(
  refusal: ShownRefusal,
  fields: RefusalFields<Values>,
  setError: UseFormSetError<Values>,
  elsewhere: (refusal: ShownRefusal) => void,
): void {
  const field = fieldOfRefusal(refusal.field, fields);
  if (field) setError(field, { type: 'server', message: refusal.message }, { shouldFocus: true });
  else elsewhere(refusal);
}
