/** /admin/events/new and /admin/events/:id: the event's fields, its image and publication. */
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/admin/form-fields';
import { staffInputHint, toStaffInput } from '../../lib/staff-time';
import type { Row } from './catalogue-data';
import { ImageField } from './image-field';
import { eventSchema, modeOptions, type EventInput, type EventValues } from './schemas';
import { useEntityForm } from './use-entity-form';
import './admin-catalogue.css';

const empty: EventInput = {
  title: '',
  description: '',
  category: '',
  venue: '',
  mode: 'in-person',
  starts_at: '',
  ends_at: '',
  image_url: '',
  registration_url: '',
  is_published: false,
};

function toInput(row: Row<'events'>): EventInput {
  return {
    title: row.title,
    description: row.description,
    category: row.category ?? '',
    venue: row.venue,
    mode: row.mode as EventInput['mode'],
    starts_at: toStaffInput(row.starts_at),
    ends_at: toStaffInput(row.ends_at),
    image_url: row.image_url ?? '',
    registration_url: row.registration_url ?? '',
    is_published: row.is_published,
  };
}

const toRow = (values: EventValues) => values;

export function EventForm({ id, onSaved }: { id: string | undefined; onSaved?: () => void }) {
  const { form, row, ready, loadError, saveError, onSubmit } = useEntityForm({
    table: 'events',
    id,
    schema: eventSchema,
    empty,
    toInput,
    toRow,
    nameOf: (event) => event.title,
    onSaved,
    basePath: '/admin/events',
  });
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const imageUrl = useWatch({ control, name: 'image_url' });
  const heading = id ? `Edit event${row ? `: ${row.title}` : ''}` : 'New event';
  return (
    <section className="admin-catalogue">
      <p>
        <Link to="/admin/events">← All events</Link>
      </p>
      <h1>{heading}</h1>
      {loadError ? (
        <p role="alert" className="notice notice--error">
          {loadError}
        </p>
      ) : !ready ? (
        <p role="status">Loading…</p>
      ) : (
        <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField label="Title" required registration={register('title')} error={errors.title} />
          <TextAreaField
            label="Description"
            required
            registration={register('description')}
            error={errors.description}
          />
          <TextField label="Category" registration={register('category')} error={errors.category} hint="Optional." />
          <TextField label="Venue" required registration={register('venue')} error={errors.venue} />
          <SelectField label="Mode" registration={register('mode')} error={errors.mode} options={modeOptions} />
          <TextField
            label="Starts"
            type="datetime-local"
            required
            registration={register('starts_at')}
            error={errors.starts_at}
            hint={staffInputHint}
          />
          <TextField
            label="Ends"
            type="datetime-local"
            required
            registration={register('ends_at')}
            error={errors.ends_at}
            hint={staffInputHint}
          />
          <ImageField
            registration={register('image_url')}
            error={errors.image_url}
            folder="events"
            onUploaded={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
            preview={imageUrl}
          />
          <TextField
            label="Registration link"
            type="url"
            registration={register('registration_url')}
            error={errors.registration_url}
            hint="Optional: an external sign-up page (https://…)."
          />
          <CheckboxField label="Published (shown on the website)" registration={register('is_published')} />
          <FormError message={saveError} />
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : id ? 'Save changes' : 'Create event'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
