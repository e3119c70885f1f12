/**
 * /admin/enquiries/:id: one enquiry (who wrote, about what, the message as written) and its
 * handling: status, the staff member it is assigned to, internal notes. The route reads it
 * (api/get-enquiry) and saves the handling (handling-action.ts); a save toasts what changed, a
 * refusal is shown in words beside the form and the staff member's input is kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../lib/staff-time';
import { toastSuccess } from '../../components/admin/admin-toast';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { FormError, SelectField, TextAreaField } from '../../components/admin/form-fields';
import type { EnquiryChange } from './api/update-enquiry';
import type { StaffMember } from './api/list-staff-members';
import type { Enquiry } from './enquiries-data';
import { enquiryStatusLabels, enquiryStatuses, isEnquiryStatus, statusLabel, topicLabel } from './enquiry-labels';
import { handlingIntent } from './handling-action';
import './admin-enquiries.css';

export function EnquiryView({ enquiry, staff }: { enquiry: Enquiry; staff: StaffMember[] }) {
  return (
    <article className="enquiry" aria-labelledby="enquiry-heading">
      <p>
        <Link to="/admin/enquiries">← All enquiries</Link>
      </p>
      <h1 id="enquiry-heading">Enquiry from {enquiry.name}</h1>
      <p>
        Received {formatDateTime(enquiry.created_at)} ·{' '}
        <span className={`enquiry-status enquiry-status--${enquiry.status}`} data-testid="enquiry-status">
          {statusLabel(enquiry.status)}
        </span>
      </p>
      <dl className="enquiry-facts">
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{enquiry.phone ?? '—'}</dd>
        <dt>Organisation</dt>
        <dd>{enquiry.organisation ?? '—'}</dd>
        <dt>Topic</dt>
        <dd>{topicLabel(enquiry.topic)}</dd>
        <dt>Consent</dt>
        <dd>
          {enquiry.consent_text} ({formatDateTime(enquiry.consented_at)})
        </dd>
      </dl>
      <section aria-labelledby="message-heading">
        <h2 id="message-heading">Message</h2>
        <p className="enquiry__message">{enquiry.message}</p>
      </section>
      <HandlingForm enquiry={enquiry} staff={staff} />
    </article>
  );
}

const handlingSchema = z.object({
  status: z.enum(enquiryStatuses),
  assigned_to: z.string(),
  internal_notes: z.string().max(10000, 'The internal notes must be at most 10,000 characters.'),
});
type Handling = z.infer<typeof handlingSchema>;

function HandlingForm({ enquiry, staff }: { enquiry: Enquiry; staff: StaffMember[] }) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Handling>({
    resolver: zodResolver(handlingSchema),
    defaultValues: {
      status: isEnquiryStatus(enquiry.status) ? enquiry.status : 'new',
      assigned_to: enquiry.assigned_to ?? '',
      internal_notes: enquiry.internal_notes ?? '',
    },
  });

  const { post, busy } = usePostToRoute();
  // What was posted: once saved, it becomes the form's baseline. The form stays mounted while
  // the route reads the enquiry again, so nothing typed meanwhile is lost.
  const posted = useRef<Handling | null>(null);
  useActionResult(handlingIntent, (result) => {
    if (!result.ok) return setSaveError(result.error);
    if (posted.current) reset(posted.current);
  });

  function save(values: Handling) {
    setSaveError(null);
    const notes = values.internal_notes.trim() === '' ? null : values.internal_notes;
    const change: EnquiryChange = {};
    if (values.status !== enquiry.status) change.status = values.status;
    if ((values.assigned_to || null) !== enquiry.assigned_to) change.assigned_to = values.assigned_to || null;
    if (notes !== enquiry.internal_notes) change.internal_notes = notes;
    if (Object.keys(change).length === 0) {
      void toastSuccess('Nothing to save: nothing was changed.');
      return;
    }
    posted.current = { ...values, internal_notes: notes ?? '' };
    return post({ intent: handlingIntent, change });
  }

  return (
    <section aria-labelledby="handling-heading">
      <h2 id="handling-heading">Handling</h2>
      <form className="enquiry__form" onSubmit={(event) => void handleSubmit(save)(event)} noValidate>
        <SelectField
          label="Status"
          registration={register('status')}
          error={errors.status}
          options={enquiryStatuses.map((value) => ({ value, label: enquiryStatusLabels[value] }))}
        />
        <SelectField
          label="Assigned to"
          registration={register('assigned_to')}
          error={errors.assigned_to}
          options={[{ value: '', label: 'Nobody' }, ...staff.map((s) => ({ value: s.user_id, label: s.email }))]}
        />
        <TextAreaField
          label="Internal notes"
          hint="Seen by staff only, never by the sender."
          registration={register('internal_notes')}
          error={errors.internal_notes}
          rows={6}
        />
        <FormError message={saveError} />
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
