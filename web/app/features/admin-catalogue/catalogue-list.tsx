/**
 * An admin catalogue list page: heading, "New" link, the shared DataTable over one table (state in
 * the URL), each row with its actions, and a CSV export of the page shown.
 */
import { createContext, use, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type ColumnDef } from '../../components/admin/data-table';
import { downloadCsv, type CsvColumn } from '../../components/admin/download-csv';
import { useListParams, type ListParams } from '../../components/admin/list-params';
import { listRows, PAGE_SIZE, type CatalogueTable, type Row } from './catalogue-data';
import { RowActions } from './row-actions';
import { useListPage } from '../../components/admin/use-list-page';
import { errorWords } from './error-words';
import './admin-catalogue.css';

export interface CatalogueListProps<T extends CatalogueTable> {
  table: T;
  heading: string;
  /** Singular, for labels: "event". */
  kind: string;
  basePath: string;
  columns: ColumnDef<Row<T>>[];
  csvColumns: CsvColumn<Row<T>>[];
  searchColumns: readonly string[];
  sortable: readonly string[];
  defaultSort: string;
  nameOf: (row: Row<T>) => string;
  /** Above the table (a notice). */
  intro?: ReactNode;
  /** Reads a page instead of listRows (the events add their registration counts). */
  fetchPage?: (params: ListParams) => Promise<{ rows: Row<T>[]; total: number }>;
  /** A row's actions instead of the standard Edit / Publish / Delete. */
  Actions?: ComponentType<ActionsProps<T>>;
}

/** What a list's own actions component gets for its row. */
export interface ActionsProps<T extends CatalogueTable> {
  row: Row<T>;
  /** Reads the page again after a change. */
  reload: () => void;
}

interface ListContext {
  table: CatalogueTable;
  kind: string;
  basePath: string;
  nameOf: (row: never) => string;
  reload: () => void;
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
  const { table, kind, basePath, nameOf, reload, Actions } = context;
  if (Actions) return <Actions row={row.original as never} reload={reload} />;
  return (
    <RowActions
      table={table}
      id={row.original.id}
      kind={kind}
      name={(nameOf as (row: Row<CatalogueTable>) => string)(row.original)}
      published={row.original.is_published}
      editHref={`${basePath}/${row.original.id}`}
      onChanged={reload}
    />
  );
}

export function CatalogueList<T extends CatalogueTable>({
  table,
  heading,
  kind,
  basePath,
  columns,
  csvColumns,
  searchColumns,
  sortable,
  defaultSort,
  nameOf,
  intro,
  fetchPage,
  Actions,
}: CatalogueListProps<T>) {
  const [params, setParams] = useListParams({ sort: defaultSort, sortable });
  const [list, reload] = useListPage(
    JSON.stringify([table, params]),
    () => (fetchPage ? fetchPage(params) : listRows(table, params, searchColumns)),
    errorWords,
  );
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
      reload,
      Actions: Actions as ListContext['Actions'],
    }),
    [table, kind, basePath, nameOf, reload, Actions],
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
        {list.error && (
          <p role="alert" className="notice notice--error">
            {list.error}
          </p>
        )}
        <DataTable
          caption={heading}
          columns={withActions}
          rows={list.rows}
          total={list.total}
          pageSize={PAGE_SIZE}
          params={params}
          onParamsChange={setParams}
          getRowId={(row) => row.id}
          sortable={sortable}
          searchLabel={`Search ${heading.toLowerCase()}`}
          loading={list.loading}
          empty={
            params.q || params.published !== 'all' ? 'Nothing matches this search.' : `No ${heading.toLowerCase()} yet.`
          }
          toolbar={
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={list.rows.length === 0}
              onClick={() => downloadCsv(list.rows, csvColumns, `${table}.csv`)}
            >
              Export this page (CSV)
            </button>
          }
        />
      </section>
    </ListContext>
  );
}
