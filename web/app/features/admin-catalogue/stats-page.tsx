/**
 * /admin/stats: the impact figures of the home page (label, value, suffix, order, published), in
 * display order. Move up / Move down buttons reorder them (keyboard and pointer alike); one form
 * above the list adds a figure or edits the chosen one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, use, useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { downloadCsv, type CsvColumn } from '../../components/admin/download-csv';
import { CheckboxField, FormError, TextField } from '../../components/admin/form-fields';
import { useListLoading, useListParams } from '../../components/admin/list-params';
import { PAGE_SIZE } from './api/catalogue-list-input';
import { impactMetricListDefaults, type ImpactMetricRow as Metric } from './api/list-impact-metrics';
import { publishedLabel } from './format';
import type { MetricIntent } from './metric-action';
import { RowActions } from './row-actions';
import { metricSchema, type MetricInput, type MetricValues } from './schemas';
import './admin-catalogue.css';

const emptyMetric: MetricInput = { label: '', value: '', suffix: '', is_published: false };
const csvColumns: CsvColumn<Metric>[] = [
  { header: 'Label', value: (row) => row.label },
  { header: 'Value', value: (row) => row.value },
  { header: 'Suffix', value: (row) => row.suffix },
  { header: 'Order', value: (row) => row.sort_order },
  { header: 'Published', value: (row) => row.is_published },
];

function metricText(metric: Metric): string {
  return `${metric.value.toLocaleString('en-GB')}${metric.suffix}`;
}

interface StatsContext {
  canReorder: boolean;
  moving: boolean;
  count: number;
  move: (index: number, offset: -1 | 1, buttonLabel: string) => Promise<void>;
  edit: (metric: Metric) => void;
}

/**
 * The page's state for the cells, by context: the columns stay the same objects, so TanStack's
 * flexRender (which renders a cell function as a component) never remounts a row's controls.
 */
const StatsContext = createContext<StatsContext | null>(null);

function MoveCell({ row }: { row: { index: number; original: Metric } }) {
  const context = use(StatsContext);
  if (!context) return null;
  const { canReorder, moving, count, move } = context;
  const up = `Move “${row.original.label}” up`;
  const down = `Move “${row.original.label}” down`;
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button--small button--secondary"
        aria-label={up}
        disabled={!canReorder || moving || row.index === 0}
        onClick={() => void move(row.index, -1, up)}
      >
        ↑ Up
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        aria-label={down}
        disabled={!canReorder || moving || row.index === count - 1}
        onClick={() => void move(row.index, 1, down)}
      >
        ↓ Down
      </button>
    </div>
  );
}

function ActionsCell({ row }: { row: { original: Metric } }) {
  const context = use(StatsContext);
  if (!context) return null;
  return (
    <RowActions
      table="impact_metrics"
      id={row.original.id}
      kind="figure"
      name={row.original.label}
      published={row.original.is_published}
      onEdit={() => context.edit(row.original)}
    />
  );
}

const columns: ColumnDef<Metric>[] = [
  { id: 'sort_order', header: 'Order', accessorKey: 'sort_order' },
  { id: 'label', header: 'Label', accessorKey: 'label' },
  { id: 'value', header: 'Figure', cell: ({ row }) => metricText(row.original) },
  { id: 'is_published', header: 'Status', cell: ({ row }) => publishedLabel(row.original.is_published) },
  { id: 'move', header: 'Move', cell: MoveCell },
  { id: 'actions', header: 'Actions', cell: ActionsCell },
];

/** `list`: the page the route's clientLoader read from the URL; a change here reads it again. */
export function StatsPage({ list }: { list: { rows: Metric[]; total: number } }) {
  const [params, setParams] = useListParams(impactMetricListDefaults);
  const loading = useListLoading();
  // Changes go to the route's clientAction (metric-action.ts), which toasts them.
  const { post, busy: moving } = usePostToRoute();
  const change = useCallback((intent: MetricIntent) => post(intent), [post]);
  const [editing, setEditing] = useState<Metric | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<MetricInput, unknown, MetricValues>({
    resolver: zodResolver(metricSchema),
    defaultValues: emptyMetric,
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  // Reordering is by display order only: with another sort or a search the neighbours are not the real ones.
  const canReorder =
    params.sort === 'sort_order' && params.dir === 'asc' && params.q === '' && params.published === 'all';

  const edit = useCallback(
    (metric: Metric | null) => {
      setEditing(metric);
      setSaveError(null);
      reset(
        metric
          ? {
              label: metric.label,
              value: String(metric.value),
              suffix: metric.suffix,
              is_published: metric.is_published,
            }
          : emptyMetric,
      );
      document.getElementById('metric-form-heading')?.focus();
    },
    [reset],
  );

  const move = useCallback(
    async (index: number, offset: -1 | 1, buttonLabel: string) => {
      const a = list.rows[index];
      const b = list.rows[index + offset];
      if (!a || !b) return;
      await change({
        intent: 'move-metric',
        a: { id: a.id, sort_order: a.sort_order },
        b: { id: b.id, sort_order: b.sort_order },
        name: a.label,
        direction: offset < 0 ? 'up' : 'down',
      });
      // Keep the keyboard on the moved row's same button (it re-renders one row away).
      requestAnimationFrame(() => {
        document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(buttonLabel)}"]`)?.focus();
      });
    },
    [list.rows, change],
  );

  const context = useMemo<StatsContext>(
    () => ({ canReorder, moving, count: list.rows.length, move, edit }),
    [canReorder, moving, list.rows.length, move, edit],
  );

  useActionResult('save-metric', (result) => (result.ok ? edit(null) : setSaveError(result.error)));

  const onSubmit = form.handleSubmit(async () => {
    setSaveError(null);
    // The form's own input: the api functions parse it again with the same schema.
    await change({ intent: 'save-metric', id: editing?.id ?? null, values: form.getValues() });
  });

  return (
    <StatsContext value={context}>
      <section className="admin-catalogue">
        <h1>Impact figures</h1>
        <p>The figures on the home page, in this order. Published figures show on the website.</p>
        <h2 id="metric-form-heading" tabIndex={-1}>
          {editing ? `Edit “${editing.label}”` : 'Add a figure'}
        </h2>
        <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField label="Label" required registration={register('label')} error={errors.label} />
          <TextField
            label="Value"
            required
            registration={register('value')}
            error={errors.value}
            hint="A number of 0 or more, e.g. 1500 or 98.5."
          />
          <TextField
            label="Suffix"
            registration={register('suffix')}
            error={errors.suffix}
            hint="Shown right after the number, e.g. + or %."
          />
          <CheckboxField label="Published (shown on the website)" registration={register('is_published')} />
          <FormError message={saveError} />
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={moving}>
              {editing ? 'Save figure' : 'Add figure'}
            </button>
            {editing && (
              <button type="button" className="button button--secondary" onClick={() => edit(null)}>
                Cancel editing
              </button>
            )}
          </div>
        </form>
        <h2>All figures</h2>
        {!canReorder && <p>Reordering works on the full list in display order: clear the search, filter and sort.</p>}
        <DataTable
          caption="Impact figures"
          columns={columns}
          rows={list.rows}
          total={list.total}
          pageSize={PAGE_SIZE}
          params={params}
          onParamsChange={setParams}
          getRowId={(row) => row.id}
          sortable={impactMetricListDefaults.sortable}
          searchLabel="Search figures"
          loading={loading}
          empty="No figures yet."
          toolbar={
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={list.rows.length === 0}
              onClick={() => downloadCsv(list.rows, csvColumns, 'impact-figures.csv')}
            >
              Export this page (CSV)
            </button>
          }
        />
      </section>
    </StatsContext>
  );
}
