/**
 * An admin catalogue list page: heading, "New" link, the shared DataTable over the page its
 * route's clientLoader read from the URL, each row with its actions (posted to the route's
 * clientAction), and a CSV export of the page shown.
 */
import { createContext, use, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { downloadCsv, type CsvColumn } from '../../components/admin/download-csv';
import { useListLoading, useListParams, type ListDefaults } from '../../components/admin/list-params';
import { PAGE_SIZE } from './api/catalogue-list-input';
import type { CatalogueTable } from './api/set-published';
import type { Database } from '../../lib/supabase/database';
import { RowActions } from './row-actions';
import './admin-catalogue.css';

type Row<T extends CatalogueTable> = Database['public']['Tables'][T]['Row'];

export interface CatalogueListProps<T extends CatalogueTable> {
  table: T;
  /** The page the route's clientLoader read. */
  page: { rows: Row<T>[]; total: number };
  heading: string;
  /** Singular, for labels: "event". */
  kind: string;
  basePath: string;
  columns: ColumnDef<Row<T>>[];
  csvColumns: CsvColumn<Row<T>>[];
  defaults: ListDefaults;
  nameOf: (row: Row<T>) => string;
  /** Above the table (a notice). */
  intro?: ReactNode;
  /** A row's actions instead of the standard Edit / Publish / Delete. */
  Actions?: ComponentType<ActionsProps<T>>;
}

/** What a list's own actions component gets for its row. */
export interface ActionsProps<T extends CatalogueTable> {
  row: Row<T>;
}

interface ListContext {
  table: CatalogueTable;
  kind: string;
  basePath: string;
  nameOf: (row: never) => string;
  Actions?: ComponentType<ActionsProps<never>>;
}

/**
 * What the actions cell needs, by context: TanStack's flexRender renders a cell function as a
 * component, so a cell made anew on each render would remount (an open dialog would vanish).
 */
const ListContext = createContext<ListContext | null>(null);

function ActionsCell({ row }: { row: { original: Row<CatalogueTable> } }) {
  const context = use(ListContext);
  if (!context) return null;
  const { table, kind, basePath, nameOf, Actions } = context;
  if (Actions) return <Actions row={row.original as never} />;
  return (
    <RowActions
      table={table}
      id={row.original.id}
      kind={kind}
      name={(nameOf as (row: Row<CatalogueTable>) => string)(row.original)}
      published={row.original.is_published}
      editHref={`${basePath}/${row.original.id}`}
    />
  );
}

export function CatalogueList<T extends CatalogueTable>({
  table,
  page,
  heading,
  kind,
  basePath,
  columns,
  csvColumns,
  defaults,
  nameOf,
  intro,
  Actions,
}: CatalogueListProps<T>) {
  const [params, setParams] = useListParams(defaults);
  const loading = useListLoading();
  const withActions = useMemo<ColumnDef<Row<T>>[]>(
    () => [...columns, { id: 'actions', header: 'Actions', cell: ActionsCell }],
    [columns],
  );
  const context = useMemo<ListContext>(
    () => ({
      table,
      kind,
      basePath,
      nameOf: nameOf as ListContext['nameOf'],
      Actions: Actions as ListContext['Actions'],
    }),
    [table, kind, basePath, nameOf, Actions],
  );

  return (
    <ListContext value={context}>
      <section className="admin-catalogue">
        <div className="admin-catalogue__head">
          <h1>{heading}</h1>
          <Link className="button" to={`${basePath}/new`}>
            New {kind}
          </Link>
        </div>
        {intro}
        <DataTable
          caption={heading}
          columns={withActions}
          rows={page.rows}
          total={page.total}
          pageSize={PAGE_SIZE}
          params={params}
          onParamsChange={setParams}
          getRowId={(row) => row.id}
          sortable={defaults.sortable}
          searchLabel={`Search ${heading.toLowerCase()}`}
          loading={loading}
          empty={
            params.q || params.published !== 'all' ? 'Nothing matches this search.' : `No ${heading.toLowerCase()} yet.`
          }
          toolbar={
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={page.rows.length === 0}
              onClick={() => downloadCsv(page.rows, csvColumns, `${table}.csv`)}
            >
              Export this page (CSV)
            </button>
          }
        />
      </section>
    </ListContext>
  );
}
