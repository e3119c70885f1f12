/** /admin/services/new and /admin/services/:id: title, slug (the Sanity page it links to), text, icon, order, image. */
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField, FormError, TextAreaField, TextField } from '../../components/admin/form-fields';
import type { ServiceRow } from './api/list-services';
import { ImageField } from './image-field';
import { serviceSchema, type ServiceInput } from './schemas';
import { useServicePageSlugs } from './service-pages';
import { useRecordForm } from './use-record-form';
import './admin-catalogue.css';

const empty: ServiceInput = {
  title: '',
  slug: '',
  description: '',
  icon: '',
  sort_order: '0',
  image_url: '',
  is_published: false,
};

function toInput(row: ServiceRow): ServiceInput {
  return {
    title: row.title,
    slug: row.slug,
    description: row.description,
    icon: row.icon ?? '',
    sort_order: String(row.sort_order),
    image_url: row.image_url ?? '',
    is_published: row.is_published,
  };
}

export interface ServiceFormProps {
  /** The service from the route's clientLoader; null on /admin/services/new. */
  row: ServiceRow | null;
}

export function ServiceForm({ row }: ServiceFormProps) {
  const id = row?.id;
  const pages = useServicePageSlugs();
  const { form, saving, saveError, onSubmit } = useRecordForm({ schema: serviceSchema, row, empty, toInput });
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  const imageUrl = useWatch({ control, name: 'image_url' });
  return (
    <section className="admin-catalogue">
      <p>
        <Link to="/admin/services">← All services</Link>
      </p>
      <h1>{id ? `Edit service${row ? `: ${row.title}` : ''}` : 'New service'}</h1>
      {row && pages && !pages.has(row.slug) && (
        <p className="notice notice--error">
          No service page with the slug “{row.slug}” is published in Sanity: create it in the Studio.
        </p>
      )}
      <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label="Title" required registration={register('title')} error={errors.title} />
        <TextField
          label="Slug"
          required
          registration={register('slug')}
          error={errors.slug}
          hint="The address /services/<slug>; the same slug as the service page in the Studio."
        />
        <TextAreaField label="Description" required registration={register('description')} error={errors.description} />
        <TextField label="Icon" registration={register('icon')} error={errors.icon} hint="Optional icon name." />
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
          folder="services"
          onUploaded={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
          preview={imageUrl}
        />
        <CheckboxField label="Published (shown on the website)" registration={register('is_published')} />
        <FormError message={saveError} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : id ? 'Save changes' : 'Create service'}
          </button>
        </div>
      </form>
    </section>
  );
}
