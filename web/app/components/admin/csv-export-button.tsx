/**
 * Exports every row a list's filter matches (not only the page shown) as a CSV file named after the
 * list and today's date, and says how many rows went out; a failure is a toast in words.
 */
import { useState } from 'react';
import { toastError, toastSuccess } from './admin-toast';
import { describeDbError } from './describe-db-error';
import { downloadCsv, type CsvColumn } from './download-csv';

export function CsvExportButton<Row>({
  fetchRows,
  columns,
  fileStem,
  noun,
  label = 'Export CSV',
  accessibleName,
}: {
  fetchRows: () => Promise<readonly Row[]>;
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
      const rows = await fetchRows();
      downloadCsv(rows, columns, `${fileStem}-${new Date().toISOString().slice(0, 10)}.csv`);
      void toastSuccess(`Exported ${rows.length} ${rows.length === 1 ? noun[0] : noun[1]}.`);
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
