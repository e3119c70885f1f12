/**
 * Reads what a visitor did in a server-rendered form before its code loaded (values, focus, a held
 * submit), so the client's form can start from it. Lives in the form's chunk, not the page's.
 */
import type { EnquiryValues } from '../features/enquiry/enquiry-schema';

/** What the visitor did in the server's form before its code was there. */
export interface CarriedInput {
  values: Partial<EnquiryValues>;
  focused: string | null;
  submit: boolean;
}

export function readServerForm(root: HTMLElement, submit: boolean): CarriedInput {
  const values: Record<string, string | boolean> = {};
  for (const field of root.querySelectorAll('input[name], textarea[name], select[name]')) {
    if (field instanceof HTMLInputElement) values[field.name] = field.type === 'checkbox' ? field.checked : field.value;
    else if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
      values[field.name] = field.value;
  }
  const active = document.activeElement;
  const focused = active && root.contains(active) ? active.getAttribute('name') : null;
  return { values: values as Partial<EnquiryValues>, focused, submit };
}
