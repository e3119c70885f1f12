/** A downloaded CSV read as a spreadsheet would (papaparse, header line as keys), for the admin export specs. */
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import Papa from 'papaparse';

export async function csvRows(download: Download): Promise<Record<string, string>[]> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new Error(`CSV errors: ${JSON.stringify(parsed.errors)}`);
  return parsed.data;
}
