/** /admin/training-programs: the programs with search, sort, published filter, pages, CSV, publish and delete. */
import type { ColumnDef } from '../../components/admin/data-table';
import { formatMoney } from '../../lib/money';
import type { CsvColumn } from '../../components/admin/download-csv';
import { trainingProgramListDefaults, type TrainingProgramRow as ProgramRow } from './api/list-training-programs';
import { CatalogueList } from './catalogue-list';
import { publishedLabel } from './format';

const columns: ColumnDef<ProgramRow>[] = [
  { id: 'title', header: 'Title', accessorKey: 'title' },
  { id: 'category', header: 'Category', accessorKey: 'category' },
  {
    id: 'price_amount',
    header: 'Price',
    cell: ({ row }) => formatMoney(row.original.price_amount, row.original.currency),
  },
  { id: 'sort_order', header: 'Order', accessorKey: 'sort_order' },
  { id: 'is_published', header: 'Status', cell: ({ row }) => publishedLabel(row.original.is_published) },
];

const csvColumns: CsvColumn<ProgramRow>[] = [
  { header: 'Title', value: (row) => row.title },
  { header: 'Slug', value: (row) => row.slug },
  { header: 'Category', value: (row) => row.category },
  { header: 'Price', value: (row) => row.price_amount },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Published', value: (row) => row.is_published },
];

const nameOf = (row: ProgramRow) => row.title;

export function ProgramsList({ page }: { page: { rows: ProgramRow[]; total: number } }) {
  return (
    <CatalogueList
      table="training_programs"
      page={page}
      heading="Training programs"
      kind="training program"
      basePath="/admin/training-programs"
      columns={columns}
      csvColumns={csvColumns}
      defaults={trainingProgramListDefaults}
      nameOf={nameOf}
      intro={<p>A program that has been ordered cannot be deleted, only unpublished.</p>}
    />
  );
}
