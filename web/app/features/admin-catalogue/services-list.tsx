/** /admin/services: the services, each flagged when its slug has no service page in Sanity. */
import { createContext, use } from 'react';
import type { ColumnDef } from '../../components/admin/data-table';
import type { CsvColumn } from '../../components/admin/download-csv';
import { serviceListDefaults, type ServiceRow } from './api/list-services';
import { CatalogueList } from './catalogue-list';
import { publishedLabel } from './format';
import { useServicePageSlugs } from './service-pages';

const csvColumns: CsvColumn<ServiceRow>[] = [
  { header: 'Title', value: (row) => row.title },
  { header: 'Slug', value: (row) => row.slug },
  { header: 'Order', value: (row) => row.sort_order },
  { header: 'Published', value: (row) => row.is_published },
];

/** The service pages' slugs, by context so the columns stay the same objects (see catalogue-list.tsx). */
const PagesContext = createContext<ReadonlySet<string> | null>(null);

function SlugCell({ row }: { row: { original: ServiceRow } }) {
  const pages = use(PagesContext);
  return (
    <>
      <code>{row.original.slug}</code>
      {pages && !pages.has(row.original.slug) && (
        <>
          {' '}
          <span className="admin-badge admin-badge--warning">No page in Sanity</span>
        </>
      )}
    </>
  );
}

const columns: ColumnDef<ServiceRow>[] = [
  { id: 'title', header: 'Title', accessorKey: 'title' },
  { id: 'slug', header: 'Slug', cell: SlugCell },
  { id: 'sort_order', header: 'Order', accessorKey: 'sort_order' },
  { id: 'is_published', header: 'Status', cell: ({ row }) => publishedLabel(row.original.is_published) },
];

const nameOf = (row: ServiceRow) => row.title;

export function ServicesList({ page }: { page: { rows: ServiceRow[]; total: number } }) {
  const pages = useServicePageSlugs();
  return (
    <PagesContext value={pages}>
      <CatalogueList
        table="services"
        page={page}
        heading="Services"
        kind="service"
        basePath="/admin/services"
        columns={columns}
        csvColumns={csvColumns}
        defaults={serviceListDefaults}
        nameOf={nameOf}
        intro={
          <p>
            Each service links to the page of the same slug in the Studio (<code>/services/&lt;slug&gt;</code>). A
            service marked “No page in Sanity” leads visitors to a missing page until that page is published.
          </p>
        }
      />
    </PagesContext>
  );
}
