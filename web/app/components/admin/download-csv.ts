/** CSV export for admin lists: papaparse quotes every field properly; the file downloads in the browser. */
import Papa from 'papaparse';
import { saveBlob } from '../../lib/save-blob';
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

/** `rows` as CSV lines without the header, each ending in CRLF: one page of a streamed export. */
export function csvLines<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  if (rows.length === 0) return '';
  const data = rows.map((row) => columns.map((column) => safeCell(column.value(row))));
  return `${Papa.unparse({ fields: [], data }, { newline: '\r\n', quotes: true, header: false })}\r\n`;
}

/** The header line of `columns`, ending in CRLF. */
export function csvHeaderLine<Row>(columns: readonly CsvColumn<Row>[]): string {
  return `${Papa.unparse([columns.map((column) => column.header)], { newline: '\r\n', quotes: true })}\r\n`;
}

const csvType = { type: 'text/csv;charset=utf-8' };

/** Downloads `rows` as `filename` (UTF-8 with a BOM so Excel reads accents right). */
export function downloadCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[], filename: string): void {
  saveBlob(new Blob(['\uFEFF', toCsv(rows, columns)], csvType), filename);
}

/**
 * Downloads every page `pages` yields as one CSV file, in constant memory in the page: each page
 * becomes a Blob of its own as soon as it arrives (the browser keeps blob bytes in its blob store,
 * out of the page's heap and on disk when large) and its rows are let go before the next page is
 * read. Resolves with the number of rows.
 */
export async function downloadCsvPages<Row>(
  pages: AsyncIterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
  filename: string,
): Promise<number> {
  const parts: Blob[] = [new Blob(['\uFEFF', csvHeaderLine(columns)], csvType)];
  let count = 0;
  for await (const rows of pages) {
    parts.push(new Blob([csvLines(rows, columns)], csvType));
    count += rows.length;
  }
  saveBlob(new Blob(parts, csvType), filename);
  return count;
}

export { saveBlob };
