/**
 * /admin/training-programs/new and /:id: the program's fields, image and publication; its intakes
 * below once it exists. A new program's slug follows its title until typed by hand; the category
 * is chosen from those in use, or added deliberately ("Add a new category…").
 */
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/admin/form-fields';
import { slugFromTitle } from '../../lib/slug';
import { toStaffInput } from '../../lib/staff-time';
import type { IntakeWithSold } from './api/list-intakes';
import type { TrainingProgramRow } from './api/list-training-programs';
import { ImageField } from './image-field';
import { IntakesSection } from './intakes-section';
import {
  currencyOptions,
  modeOptions,
  NEW_CATEGORY,
  programSchema,
  taxClassOptions,
  type ProgramInput,
} from './schemas';
import { useRecordForm } from './use-record-form';
import './admin-catalogue.css';

const empty: ProgramInput = {
  title: '',
  slug: '',
  category: '',
  new_category: '',
  focus: '',
  description: '',
  duration: '',
  delivery_mode: 'in-person',
  price_amount: '',
  currency: 'USD',
  tax_class: '',
  sort_order: '0',
  image_url: '',
  is_published: false,
  early_bird_price: '',
  early_bird_until: '',
};

function toInput(row: TrainingProgramRow): ProgramInput {
  return {
    title: row.title,
    slug: row.slug,
    category: row.category,
    new_category: '',
    focus: row.focus,
    description: row.description,
    duration: row.duration,
    delivery_mode: row.delivery_mode as ProgramInput['delivery_mode'],
    price_amount: String(row.price_amount),
    currency: row.currency as ProgramInput['currency'],
    tax_class: row.tax_class as ProgramInput['tax_class'],
    sort_order: String(row.sort_order),
    image_url: row.image_url ?? '',
    is_published: row.is_published,
    early_bird_price: row.early_bird_price === null ? '' : String(row.early_bird_price),
    early_bird_until: row.early_bird_until ? toStaffInput(row.early_bird_until) : '',
  };
}

export interface ProgramFormProps {
  /** The program from the route's clientLoader; null on /admin/training-programs/new. */
  row: TrainingProgramRow | null;
  /** Its intakes (none for a new program). */
  intakes: IntakeWithSold[];
  /** The categories in use, to choose from. */
  categories: string[];
  /** KRA's tax classes, to choose the program's from. */
  taxClasses: ReadonlyArray<{ id: string; label: string }>;
}

export function ProgramForm({ row, intakes, categories, taxClasses }: ProgramFormProps) {
  const id = row?.id;
  const { form, saving, saveError, onSubmit } = useRecordForm({ schema: programSchema, row, empty, toInput });
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  const imageUrl = useWatch({ control, name: 'image_url' });
  const title = useWatch({ control, name: 'title' });
  const category = useWatch({ control, name: 'category' });
  // A new program's slug is made from its title, as an event's is, until staff type one of their own.
  useEffect(() => {
    if (!id && !form.getFieldState('slug').isDirty) setValue('slug', slugFromTitle(title));
  }, [id, title, form, setValue]);
  const categoryOptions = [
    { value: '', label: 'Choose a category…' },
    ...categories.map((name) => ({ value: name, label: name })),
    { value: NEW_CATEGORY, label: 'Add a new category…' },
  ];
  return (
    <section className="admin-catalogue">
      <p>
        <Link to="/admin/training-programs">← All training programs</Link>
      </p>
      <h1>{id ? `Edit training program${row ? `: ${row.title}` : ''}` : 'New training program'}</h1>
      <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label="Title" required registration={register('title')} error={errors.title} />
        <TextField
          label="Slug"
          required
          registration={register('slug')}
          error={errors.slug}
          hint="The address /training/<slug>; made from the title unless you change it."
        />
        <SelectField
          label="Category"
          required
          registration={register('category')}
          error={errors.category}
          options={categoryOptions}
          hint="The filter visitors use on the programs page."
        />
        {category === NEW_CATEGORY && (
          <TextField
            label="New category"
            required
            registration={register('new_category')}
            error={errors.new_category}
            hint="Check the list above first: a new category becomes a new public filter."
          />
        )}
        <TextField label="Focus" required registration={register('focus')} error={errors.focus} />
        <TextAreaField label="Description" required registration={register('description')} error={errors.description} />
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
          hint="Per seat, e.g. 42,500 or 1200.50."
        />
        <SelectField
          label="Currency"
          registration={register('currency')}
          error={errors.currency}
          options={currencyOptions}
        />
        <SelectField
          label="Tax class"
          registration={register('tax_class')}
          error={errors.tax_class}
          options={taxClassOptions(taxClasses, !id)}
          hint="The VAT the price includes: whether training is exempt is the institute’s call."
        />
        <TextField
          label="Early-bird amount (optional)"
          registration={register('early_bird_price')}
          error={errors.early_bird_price}
          hint="A lower price per seat, in the same currency, until the date below. An intake's own early-bird price replaces it."
        />
        <TextField
          label="Early-bird until (Nairobi time)"
          type="datetime-local"
          registration={register('early_bird_until')}
          error={errors.early_bird_until}
          hint="From this moment on the regular price applies."
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
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : id ? 'Save changes' : 'Create training program'}
          </button>
        </div>
      </form>
      {row && <IntakesSection programTitle={row.title} intakes={intakes} />}
    </section>
  );
}
