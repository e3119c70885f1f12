/**
 * Labelled form fields for admin forms with react-hook-form + zod: each takes `register(name)`'s
 * result and the field's error, ties label, hint and error to the input (aria-describedby,
 * aria-invalid), so a screen reader hears what is wrong where it is.
 */
import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
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

function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: FieldError | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {children}
      {error?.message && (
        <p className="field__error" id={`${id}-error`}>
          {error.message}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends BaseProps {
  type?: 'text' | 'number' | 'date' | 'datetime-local' | 'url' | 'email';
  step?: string;
  min?: string | number;
  maxLength?: number;
  autoComplete?: string;
}

export function TextField({ label, registration, error, hint, required, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        type={type}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        {...rest}
        {...registration}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ label, registration, error, hint, required, rows = 5 }: BaseProps & { rows?: number }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        rows={rows}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        {...registration}
      />
    </FieldFrame>
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
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
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
