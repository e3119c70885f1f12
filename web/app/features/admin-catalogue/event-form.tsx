/**
 * /admin/events/new and /admin/events/:id: the event's fields (its address, seats and price
 * included), its image and publication.
 */
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/admin/form-fields';
import { staffInputHint, toStaffInput } from '../../lib/staff-time';
import type { EventRow } from './api/list-events';
import { ImageField } from './image-field';
import { currencyOptions, eventSchema, modeOptions, taxClassOptions, type EventInput } from './schemas';
import { useRecordForm } from './use-record-form';
import './admin-catalogue.css';

const empty: EventInput = {
  title: '',
  slug: '',
  capacity: '',
  price_amount: '',
  currency: 'KES',
  tax_class: '',
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

function toInput(row: EventRow): EventInput {
  return {
    title: row.title,
    slug: row.slug,
    capacity: row.capacity === null ? '' : String(row.capacity),
    price_amount: row.price_amount === null ? '' : String(row.price_amount),
    currency: (row.currency ?? 'KES') as EventInput['currency'],
    tax_class: row.tax_class as EventInput['tax_class'],
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

export interface EventFormProps {
  /** The event from the route's clientLoader; null on /admin/events/new. */
  row: EventRow | null;
  /** KRA's tax classes, to choose a paid event's from. */
  taxClasses: ReadonlyArray<{ id: string; label: string }>;
}

export function EventForm({ row, taxClasses }: EventFormProps) {
  const id = row?.id;
  const { form, saving, saveError, onSubmit } = useRecordForm({ schema: eventSchema, row, empty, toInput });
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  const imageUrl = useWatch({ control, name: 'image_url' });
  const heading = id ? `Edit event${row ? `: ${row.title}` : ''}` : 'New event';
  return (
    <section className="admin-catalogue">
      <p>
        <Link to="/admin/events">← All events</Link>
      </p>
      <h1>{heading}</h1>
      <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label="Title" required registration={register('title')} error={errors.title} />
        <TextField
          label="Slug"
          registration={register('slug')}
          error={errors.slug}
          hint={
            id
              ? 'The address /events/<slug>/register. Changing it breaks links already shared; empty makes one from the title.'
              : 'The address /events/<slug>/register. Leave it empty to make one from the title.'
          }
        />
        <TextAreaField label="Description" required registration={register('description')} error={errors.description} />
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
        <TextField
          label="Capacity"
          type="number"
          min={1}
          step="1"
          registration={register('capacity')}
          error={errors.capacity}
          hint="Seats available. Empty: no limit. Once full, people join a waitlist."
        />
        <TextField
          label="Price"
          registration={register('price_amount')}
          error={errors.price_amount}
          hint="Per seat, e.g. 2500 or 42,500. Empty: a free event (one seat per registration)."
        />
        <SelectField
          label="Currency"
          registration={register('currency')}
          error={errors.currency}
          options={currencyOptions}
          hint="For a paid event."
        />
        <SelectField
          label="Tax class"
          registration={register('tax_class')}
          error={errors.tax_class}
          options={taxClassOptions(taxClasses, !id)}
          hint="For a paid event: the VAT its price includes."
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
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : id ? 'Save changes' : 'Create event'}
          </button>
        </div>
      </form>
    </section>
  );
}
