/**
 * /admin/enquiries/:id: one enquiry (who wrote, about what, the message as written) and its
 * handling: status, the staff member it is assigned to, internal notes. A save toasts what
 * changed; a refusal is shown in words (describeDbError) and the staff member's input is kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../lib/staff-time';
import { describeDbError } from '../../components/admin/describe-db-error';
import { RecordGate } from '../../components/admin/record-gate';
import { useRecord } from '../../components/admin/use-record';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { FormError, SelectField, TextAreaField } from '../../components/admin/form-fields';
import {
  enquiryConstraintMessages,
  fetchEnquiry,
  fetchStaffMembers,
  updateEnquiry,
  type Enquiry,
  type EnquiryChange,
} from './enquiries-data';
import { enquiryStatusLabels, enquiryStatuses, isEnquiryStatus, statusLabel, topicLabel } from './enquiry-labels';
import './admin-enquiries.css';

type StaffMember = { user_id: string; email: string };

/** The enquiry with the staff it can be assigned to, or null when no enquiry has the id. */
async function fetchEnquiryWithStaff(id: string) {
  const [enquiry, staff] = await Promise.all([fetchEnquiry(id), fetchStaffMembers()]);
  return enquiry ? { enquiry, staff } : null;
}

interface EnquiryDetailProps {
  enquiryId: string;
  /** After each save (the route reloads the enquiry's history with it). */
  onSaved?: () => void;
  /** Shown under the enquiry once it is found (the route's audit trail). */
  history?: ReactNode;
}

export function EnquiryDetail({ enquiryId, onSaved, history }: EnquiryDetailProps) {
  const [load, reload] = useRecord(enquiryId, fetchEnquiryWithStaff);
  return (
    <RecordGate
      load={load}
      loadingText="Loading the enquiry…"
      kind="enquiry"
      back={{ to: '/admin/enquiries', label: 'Back to the enquiries' }}
    >
      {({ enquiry, staff }) => (
        <>
          <EnquiryView
            enquiry={enquiry}
            staff={staff}
            onSaved={() => {
              reload();
              onSaved?.();
            }}
          />
          {history}
        </>
      )}
    </RecordGate>
  );
}

function EnquiryView({ enquiry, staff, onSaved }: { enquiry: Enquiry; staff: StaffMember[]; onSaved: () => void }) {
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
      <HandlingForm enquiry={enquiry} staff={staff} onSaved={onSaved} />
    </article>
  );
}

const handlingSchema = z.object({
  status: z.enum(enquiryStatuses),
  assigned_to: z.string(),
  internal_notes: z.string().max(10000, 'The internal notes must be at most 10,000 characters.'),
});
type Handling = z.infer<typeof handlingSchema>;

/** What a save changed, in words for the toast ("Status: In progress. Assigned to a@b."). */
function describeChange(change: EnquiryChange, staff: StaffMember[]): string {
  const parts: string[] = [];
  if (change.status !== undefined && isEnquiryStatus(change.status)) {
    parts.push(`Status set to ${enquiryStatusLabels[change.status]}.`);
  }
  if (change.assigned_to !== undefined) {
    const who = staff.find((s) => s.user_id === change.assigned_to)?.email;
    parts.push(who ? `Assigned to ${who}.` : 'No longer assigned.');
  }
  if (change.internal_notes !== undefined) parts.push('Internal notes saved.');
  return parts.join(' ');
}

function HandlingForm({ enquiry, staff, onSaved }: { enquiry: Enquiry; staff: StaffMember[]; onSaved: () => void }) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Handling>({
    resolver: zodResolver(handlingSchema),
    defaultValues: {
      status: isEnquiryStatus(enquiry.status) ? enquiry.status : 'new',
      assigned_to: enquiry.assigned_to ?? '',
      internal_notes: enquiry.internal_notes ?? '',
    },
  });

  async function save(values: Handling) {
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
    try {
      await updateEnquiry(enquiry.id, change);
      // The saved values become the form's baseline; the form stays mounted while the page
      // reloads the enquiry, so nothing typed meanwhile is lost.
      reset({ ...values, internal_notes: notes ?? '' });
      void toastSuccess(describeChange(change, staff));
      onSaved();
    } catch (error) {
      const message = describeDbError(error, enquiryConstraintMessages);
      setSaveError(message);
      void toastError(message);
    }
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
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
