/**
 * The admin forms' fields (react-hook-form + zod): each takes `register(name)`'s result and the
 * field's error, and is the one labelled field (components/ui/form-field.tsx) around its control.
 */
import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field';
import '../ui/form-fields.css';

interface BaseProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
  required?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends BaseProps {
  type?: 'text' | 'number' | 'date' | 'datetime-local' | 'url' | 'email';
  step?: string;
  min?: string | number;
  maxLength?: number;
  autoComplete?: string;
}

export function TextField({ label, registration, error, hint, required, type = 'text', ...rest }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error?.message} required={required}>
      {(control) => (
        <input
          type={type}
          className="field__input"
          aria-required={required || undefined}
          {...control}
          {...rest}
          {...registration}
        />
      )}
    </FormField>
  );
}

export function TextAreaField({ label, registration, error, hint, required, rows = 5 }: BaseProps & { rows?: number }) {
  return (
    <FormField label={label} hint={hint} error={error?.message} required={required}>
      {(control) => (
        <textarea
          rows={rows}
          className="field__input"
          aria-required={required || undefined}
          {...control}
          {...registration}
        />
      )}
    </FormField>
  );
}

export function SelectField({
  label,
  registration,
  error,
  hint,
  required,
  options,
}: BaseProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <FormField label={label} hint={hint} error={error?.message} required={required}>
      {(control) => (
        <select className="field__input" {...control} {...registration}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function CheckboxField({ label, registration, error, hint }: BaseProps) {
  const id = useId();
  return (
    <div className="field">
      <div className="choice">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...registration}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error?.message && (
        <p className="field__error" id={`${id}-error`}>
          {error.message}
        </p>
      )}
    </div>
  );
}

/** A form-wide message (a save that failed), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {message && <p className="notice notice--error">{message}</p>}
    </div>
  );
}
