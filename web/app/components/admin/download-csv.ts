/** CSV export for admin lists: papaparse quotes every field properly; the file downloads in the browser. */
import Papa from 'papaparse';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Leading = + - @ make spreadsheets run a formula: prefix them with ' (OWASP CSV injection). */
function safeCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value == null) return '';
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
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
