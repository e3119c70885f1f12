/** /admin/training-programs/new and /:id: the program's fields, image and publication; its intakes below once it exists. */
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/admin/form-fields';
import type { Row } from './catalogue-data';
import { ImageField } from './image-field';
import { IntakesSection } from './intakes-section';
import { currencyOptions, modeOptions, programSchema, type ProgramInput, type ProgramValues } from './schemas';
import { useEntityForm } from './use-entity-form';
import './admin-catalogue.css';

const empty: ProgramInput = {
  title: '',
  slug: '',
  category: '',
  focus: '',
  description: '',
  duration: '',
  delivery_mode: 'in-person',
  price_amount: '',
  currency: 'USD',
  sort_order: '0',
  image_url: '',
  is_published: false,
};

function toInput(row: Row<'training_programs'>): ProgramInput {
  return {
    title: row.title,
    slug: row.slug,
    category: row.category,
    focus: row.focus,
    description: row.description,
    duration: row.duration,
    delivery_mode: row.delivery_mode as ProgramInput['delivery_mode'],
    price_amount: String(row.price_amount),
    currency: row.currency as ProgramInput['currency'],
    sort_order: String(row.sort_order),
    image_url: row.image_url ?? '',
    is_published: row.is_published,
  };
}

const toRow = (values: ProgramValues) => values;

export function ProgramForm({ id, onSaved }: { id: string | undefined; onSaved?: () => void }) {
  const { form, row, ready, loadError, saveError, onSubmit } = useEntityForm({
    table: 'training_programs',
    id,
    schema: programSchema,
    empty,
    toInput,
    toRow,
    nameOf: (program) => program.title,
    onSaved,
    basePath: '/admin/training-programs',
  });
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const imageUrl = useWatch({ control, name: 'image_url' });
  return (
    <section className="admin-catalogue">
      <p>
        <Link to="/admin/training-programs">← All training programs</Link>
      </p>
      <h1>{id ? `Edit training program${row ? `: ${row.title}` : ''}` : 'New training program'}</h1>
      {loadError ? (
        <p role="alert" className="notice notice--error">
          {loadError}
        </p>
      ) : !ready ? (
        <p role="status">Loading…</p>
      ) : (
        <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField label="Title" required registration={register('title')} error={errors.title} />
          <TextField
            label="Slug"
            required
            registration={register('slug')}
            error={errors.slug}
            hint="The address /training/<slug>."
          />
          <TextField label="Category" required registration={register('category')} error={errors.category} />
          <TextField label="Focus" required registration={register('focus')} error={errors.focus} />
          <TextAreaField
            label="Description"
            required
            registration={register('description')}
            error={errors.description}
          />
          <TextField
            label="Duration"
            required
            registration={register('duration')}
            error={errors.duration}
            hint="As shown to visitors, e.g. “5 days”."
          />
          <SelectField
            label="Delivery"
            registration={register('delivery_mode')}
            error={errors.delivery_mode}
            options={modeOptions}
          />
          <TextField
            label="Price"
            required
            registration={register('price_amount')}
            error={errors.price_amount}
            hint="Per seat, e.g. 1200 or 1200.50."
          />
          <SelectField
            label="Currency"
            registration={register('currency')}
            error={errors.currency}
            options={currencyOptions}
          />
          <TextField
            label="Order"
            type="number"
            registration={register('sort_order')}
            error={errors.sort_order}
            hint="Lower numbers come first."
          />
          <ImageField
            registration={register('image_url')}
            error={errors.image_url}
            folder="training-programs"
            onUploaded={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
            preview={imageUrl}
          />
          <CheckboxField label="Published (shown on the website)" registration={register('is_published')} />
          <FormError message={saveError} />
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : id ? 'Save changes' : 'Create training program'}
            </button>
          </div>
        </form>
      )}
      {id && row && <IntakesSection programId={id} programTitle={row.title} />}
    </section>
  );
}
