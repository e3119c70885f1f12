/**
 * The admin lists' table: TanStack Table in manual mode (the server pages, searches, sorts and
 * filters; the state lives in the URL through useListParams). Sorting is a button in each sortable
 * header (aria-sort on the header cell), search is a form (Enter submits), the published filter a
 * select, pagination Previous / Next buttons: all reachable and usable with the keyboard alone.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ListParams, PublishedFilter } from './list-params';
import { totalWords } from './list-window';
import '../ui/form-fields.css';
import './admin.css';

export type { ColumnDef } from '@tanstack/react-table';

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption). */
  caption: string;
  columns: ColumnDef<Row>[];
  rows: readonly Row[];
  /** All rows matching the search and filter, across pages (PostgREST's exact count). */
  total: number;
  pageSize: number;
  params: ListParams;
  onParamsChange: (change: Partial<ListParams>) => void;
  getRowId: (row: Row) => string;
  /** Column ids the server can sort by; others show a plain header. */
  sortable: readonly string[];
  /** Whether to show the published filter (lists of things with a published flag). */
  publishedFilter?: boolean;
  searchLabel?: string;
  loading?: boolean;
  /** Shown instead of rows when there are none (after a search: say so). */
  empty?: ReactNode;
  /** Extra controls beside the search (an export button). */
  toolbar?: ReactNode;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  total,
  pageSize,
  params,
  onParamsChange,
  getRowId,
  sortable,
  publishedFilter = true,
  searchLabel = 'Search',
  loading = false,
  empty = 'Nothing here yet.',
  toolbar,
}: DataTableProps<Row>) {
  const id = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const sorting: SortingState = [{ id: params.sort, desc: params.dir === 'desc' }];
  // TanStack Table returns functions that cannot be memoised; the React Compiler lint knows it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as Row[],
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount,
    state: { sorting, pagination: { pageIndex: params.page - 1, pageSize } },
  });
  const [draft, setDraft] = useState(params.q);
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    // The URL changed (back button, a shared link): show its search text.
    setShownQ(params.q);
    setDraft(params.q);
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onParamsChange({ q: draft });
  }

  function toggleSort(columnId: string) {
    if (params.sort === columnId) onParamsChange({ dir: params.dir === 'asc' ? 'desc' : 'asc' });
    else onParamsChange({ sort: columnId, dir: 'asc' });
  }

  const first = total === 0 ? 0 : (params.page - 1) * pageSize + 1;
  const last = Math.min(total, params.page * pageSize);

  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        <form role="search" className="data-table__search" onSubmit={submitSearch}>
          <label htmlFor={`${id}-q`}>{searchLabel}</label>
          <input
            id={`${id}-q`}
            type="search"
            className="field__input"
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--small">
            Search
          </button>
        </form>
        {publishedFilter && (
          <div className="data-table__filter">
            <label htmlFor={`${id}-published`}>Show</label>
            <select
              id={`${id}-published`}
              className="field__input"
              value={params.published}
              onChange={(event) => onParamsChange({ published: event.target.value as PublishedFilter })}
            >
              <option value="all">All</option>
              <option value="published">Published</option>
              <option value="draft">Unpublished</option>
            </select>
          </div>
        )}
        {toolbar}
      </div>
      <div className="data-table__scroll">
        <table aria-busy={loading}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const columnId = header.column.id;
                  if (!sortable.includes(columnId)) {
                    return (
                      <th key={header.id} scope="col">
                        {label}
                      </th>
                    );
                  }
                  const active = params.sort === columnId;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <button type="button" className="data-table__sort" onClick={() => toggleSort(columnId)}>
                        {label}
                        <span aria-hidden="true">{active ? (params.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && !loading && (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav className="data-table__pages" aria-label={`${caption}: pages`}>
        <p role="status">
          {loading ? 'Loading…' : total === 0 ? 'No rows' : `Rows ${first}–${last} of ${totalWords(total)}`}
          {` · Page ${params.page} of ${pageCount}`}
        </p>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={params.page <= 1}
          onClick={() => onParamsChange({ page: params.page - 1 })}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={params.page >= pageCount}
          onClick={() => onParamsChange({ page: params.page + 1 })}
        >
          Next page
        </button>
      </nav>
    </div>
  );
}
