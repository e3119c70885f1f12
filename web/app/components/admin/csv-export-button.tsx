/**
 * Exports every row a list's filter matches (not only the page shown) as a CSV file named after the
 * list and today's date, and says how many rows went out; a failure is a toast in words. A long
 * list passes `rowPages` (pages streamed into the file, constant memory) instead of `fetchRows`.
 */
import { useState } from 'react';
import { toastError, toastSuccess } from './admin-toast';
import { describeDbError } from './describe-db-error';
import { downloadCsv, downloadCsvPages, type CsvColumn } from './download-csv';

export function CsvExportButton<Row>({
  fetchRows,
  rowPages,
  columns,
  fileStem,
  noun,
  label = 'Export CSV',
  accessibleName,
}: {
  fetchRows?: () => Promise<readonly Row[]>;
  rowPages?: () => AsyncIterable<readonly Row[]>;
  columns: readonly CsvColumn<Row>[];
  /** The file's name before the date, e.g. `orders`. */
  fileStem: string;
  /** Singular and plural, for the toast: ['order', 'orders']. */
  noun: readonly [string, string];
  /** The button's words (default "Export CSV"). */
  label?: string;
  /** A fuller name where several such buttons share a screen, e.g. one per table row. */
  accessibleName?: string;
}) {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      const filename = `${fileStem}-${new Date().toISOString().slice(0, 10)}.csv`;
      let count = 0;
      if (rowPages) {
        count = await downloadCsvPages(rowPages(), columns, filename);
      } else if (fetchRows) {
        const rows = await fetchRows();
        downloadCsv(rows, columns, filename);
        count = rows.length;
      }
      void toastSuccess(`Exported ${count} ${count === 1 ? noun[0] : noun[1]}.`);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setExporting(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      onClick={() => void exportCsv()}
      disabled={exporting}
      aria-label={accessibleName}
    >
      {exporting ? 'Exporting…' : label}
    </button>
  );
}
