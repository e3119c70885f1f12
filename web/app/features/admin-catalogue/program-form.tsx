/**
 * /admin/training-programs/new and /:id: the program's fields, image and publication; its intakes
 * below once it exists. A new program's slug follows its title until typed by hand; the category
 * is chosen from those in use, or added deliberately ("Add a new category…").
 */
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/admin/form-fields';
import { slugFromTitle } from '../../lib/slug';
import { listProgramCategories, type Row } from './catalogue-data';
import { errorWords } from './error-words';
import { ImageField } from './image-field';
import { IntakesSection } from './intakes-section';
import {
  currencyOptions,
  modeOptions,
  NEW_CATEGORY,
  programSchema,
  type ProgramInput,
  type ProgramValues,
} from './schemas';
import { useEntityForm } from './use-entity-form';
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
  sort_order: '0',
  image_url: '',
  is_published: false,
};

function toInput(row: Row<'training_programs'>): ProgramInput {
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
    sort_order: String(row.sort_order),
    image_url: row.image_url ?? '',
    is_published: row.is_published,
  };
}

const toRow = (values: ProgramValues) => values;

/** The categories in use, or the words of a failed read. */
function useCategories(): { categories: string[] | null; categoriesError: string | null } {
  const [categories, setCategories] = useState<string[] | null>(null);
  const [categoriesError, setCategoriesError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listProgramCategories().then(
      (found) => live && setCategories(found),
      (error: unknown) => live && setCategoriesError(errorWords(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  return { categories, categoriesError };
}

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
  const title = useWatch({ control, name: 'title' });
  const category = useWatch({ control, name: 'category' });
  const { categories, categoriesError } = useCategories();
  // A new program's slug is made from its title, as an event's is, until staff type one of their own.
  useEffect(() => {
    if (!id && !form.getFieldState('slug').isDirty) setValue('slug', slugFromTitle(title));
  }, [id, title, form, setValue]);
  const categoryOptions = [
    { value: '', label: 'Choose a category…' },
    ...(categories ?? []).map((name) => ({ value: name, label: name })),
    { value: NEW_CATEGORY, label: 'Add a new category…' },
  ];
  return (
    <section className="admin-catalogue">
      <p>
        <Link to="/admin/training-programs">← All training programs</Link>
      </p>
      <h1>{id ? `Edit training program${row ? `: ${row.title}` : ''}` : 'New training program'}</h1>
      {loadError || categoriesError ? (
        <p role="alert" className="notice notice--error">
          {loadError ?? categoriesError}
        </p>
      ) : !ready || !categories ? (
        <p role="status">Loading…</p>
      ) : (
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
            hint="Per seat, e.g. 42,500 or 1200.50."
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
