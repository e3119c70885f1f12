/**
 * Issue 25: one module defines each shared fact. A second copy would drift (the order schema
 * disagreed on the phone, money was written in two locales, one admin screen showed dates in
 * the browser's zone), so the sources are searched for anything that defines one again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const searched = ['domain', 'web/app', 'web/server', 'supabase/functions', 'local', 'scripts', 'tests'];

function sources(directory: string): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'build' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = searched.flatMap(sources).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

/** The files (from the repository root) whose text matches. */
function definedIn(pattern: RegExp): string[] {
  return files.filter(({ text }) => pattern.test(text)).map(({ path }) => relative(root, join(root, path)));
}

/**
 * Public pages at the edge of their JavaScript budget (tests/e2e/js-budget.spec.ts: the catalogue
 * 49 B, the order confirmation 834 B over with FormField's chunk and money's in their preload
 * lists), whose single fields stay written out. Nothing else may join them.
 */
const budgetBound = [
  'web/app/features/catalogue/catalogue-filters.tsx',
  'web/app/features/checkout/order-confirmation.tsx',
  'web/app/features/mpesa/mpesa-payment.tsx',
];

describe('exactly one module defines', () => {
  it.each([
    ['money formatting', /function formatMoney\b|formatMoney\s*=/, 'domain/money.ts'],
    ['the exchange rate', /KES_PER_USD\s*=|\b129\.16\s*[;,)]/, 'domain/money.ts'],
    ['staff date formatting', /function formatDateTime\b|timeZone: 'Africa\/Nairobi'/, 'domain/dates.ts'],
    ['the order document schema', /payment_choice: z\.enum/, 'domain/order-document.ts'],
    ['the labelled form field', /className="field__label"/, 'web/app/components/ui/form-field.tsx', budgetBound],
    ['the refusal read from a database error', /error\.code === 'P0001'|error\.details \|\|/, 'domain/refusal.ts'],
    ['a refusal shown beside its field', /type: 'server'/, 'web/app/components/ui/show-refusal.ts'],
    ['reading the mail capture', /fetch\([^)]*mailApiUrl/, 'tests/support/mail-capture.ts'],
    ['the maintenance Retry-After', /\b300\b.*retry|retry[\w-]*'?\s*[:=]\s*'?300/i, 'domain/limits.ts'],
  ])('%s', (_fact, pattern, module, exceptions: readonly string[] = []) => {
    expect(definedIn(pattern).filter((path) => !exceptions.includes(path))).toEqual([module]);
  });
});
