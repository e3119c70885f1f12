import { describe, expect, it } from 'vitest';
import { toCsv } from '../../components/admin/download-csv';
import { columnsOf, dataFileName } from './data-kinds';

describe('columnsOf', () => {
  it('takes every field any row names, nested values as JSON', () => {
    const rows = [
      { id: 1, before: null, after: { email: 'a@b.example' } },
      { id: 2, note: '=SUM(A1)' },
    ];
    expect(toCsv(rows, columnsOf(rows)).split('\r\n')).toEqual([
      '"id","before","after","note"',
      '"1","","{""email"":""a@b.example""}",""',
      `"2","","","'=SUM(A1)"`,
    ]);
  });

  it('has no columns for no rows', () => {
    expect(columnsOf([])).toEqual([]);
  });
});

describe('dataFileName', () => {
  it('names the kind and the day', () => {
    expect(dataFileName('event_registrations', 'csv', '2026-11-28T10:00:00Z')).toBe(
      'ascent-my-data-event-registrations-2026-11-28.csv',
    );
    expect(dataFileName('all', 'json', '2026-11-28T10:00:00Z')).toBe('ascent-my-data-2026-11-28.json');
  });
});
