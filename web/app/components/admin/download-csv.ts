/** CSV export for admin lists: papaparse quotes every field properly; the file downloads in the browser. */
import Papa from 'papaparse';
import { csvTimeHeader, formatCsvDateTime } from '../../lib/staff-time';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** A column of instants: Nairobi time to the second, the zone named in the header. */
export function timeColumn<Row>(name: string, value: (row: Row) => string | null | undefined): CsvColumn<Row> {
  return { header: csvTimeHeader(name), value: (row) => formatCsvDateTime(value(row)) };
}

/** A phone number as stored (E.164, "+254711000222"): a + and digits only, no formula. */
const PHONE = /^\+\d+$/;

/**
 * Leading = + - @ make spreadsheets run a formula: prefix them with ' (OWASP CSV injection). A
 * phone number is left as it is: a + followed by digits alone cannot call anything.
 */
function safeCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value == null) return '';
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) && !PHONE.test(value)) return `'${value}`;
  return value;
}

/** The CSV text for `rows` (a header line, then one line per row, CRLF). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => safeCell(column.value(row)))),
    },
    { newline: '\r\n', quotes: true },
  );
}

/** Downloads `rows` as `filename` (UTF-8 with a BOM so Excel reads accents right). */
export function downloadCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[], filename: string): void {
  const blob = new Blob(['\uFEFF', toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
