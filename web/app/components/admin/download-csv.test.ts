/** CSV export: fields quoted (commas, quotes, new lines survive), formula-looking cells defused. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvHeaderLine, csvLines, toCsv } from './download-csv';

interface Row {
  name: string;
  amount: number;
  note: string | null;
}

const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Amount', value: (row: Row) => row.amount },
  { header: 'Note', value: (row: Row) => row.note },
];

describe('toCsv', () => {
  it('round-trips awkward text through a CSV parser', () => {
    const csv = toCsv([{ name: 'Kamau, "Jr"', amount: 1500, note: 'line one\nline two' }], columns);
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed).toEqual([
      ['Name', 'Amount', 'Note'],
      ['Kamau, "Jr"', '1500', 'line one\nline two'],
    ]);
  });

  it('prefixes cells a spreadsheet would run as a formula, and writes null as empty', () => {
    const csv = toCsv([{ name: '=HYPERLINK("http://evil")', amount: 1, note: null }], columns);
    const [, row] = Papa.parse<string[]>(csv).data;
    expect(row).toEqual(['\'=HYPERLINK("http://evil")', '1', '']);
  });

  it('leaves a phone number as it is, and still defuses a + that is followed by more than digits', () => {
    const csv = toCsv(
      [
        { name: '+254711000222', amount: 1, note: '+1+cmd|calc' },
        { name: '+254 711', amount: 2, note: '+' },
      ],
      columns,
    );
    const [, phone, other] = Papa.parse<string[]>(csv).data;
    expect(phone).toEqual(['+254711000222', '1', "'+1+cmd|calc"]);
    expect(other).toEqual(["'+254 711", '2', "'+"]);
  });
});

describe('csvHeaderLine and csvLines (a streamed export, a page at a time)', () => {
  it('make the same file as toCsv over all the rows, defused and quoted alike', () => {
    const rows: Row[] = [
      { name: 'Kamau, "Jr"', amount: 1500, note: 'line one\nline two' },
      { name: '=HYPERLINK("http://evil")', amount: 2, note: null },
      { name: 'Achieng', amount: 3, note: 'ok' },
    ];
    const streamed = csvHeaderLine(columns) + csvLines(rows.slice(0, 2), columns) + csvLines(rows.slice(2), columns);
    expect(streamed).toBe(`${toCsv(rows, columns)}\r\n`);
    expect(csvLines([], columns)).toBe('');
  });
});
