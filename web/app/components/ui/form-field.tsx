/**
 * The labelled form field of every form, public and admin: label (with "(optional)", or a "*"
 * for required admin fields), hint, the control and its error, tied together with ids and
 * aria-describedby / aria-invalid, so a screen reader hears what is wrong where it is. The control
 * is the caller's (input, select, textarea), given the props that tie it in.
 */
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  /** Marks the label with a "*" (admin forms); the control says aria-required itself. */
  required?: boolean;
  /** Announce the error as it appears (a form with this one field, answered by the server). */
  announceError?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function FormField({ label, error, hint, optional, required, announceError, children }: Props) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error ? (
        <p id={`${id}-error`} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
