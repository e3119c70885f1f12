import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtStylesheetReader, inlineStylesheets, MAX_INLINE_BYTES } from './inline-stylesheets.server';

const files: Record<string, string> = {
  '/assets/global-a1.css': 'body{margin:0}',
  '/assets/layout-b2.css': '.header{color:red}',
};
const read = (path: string) => files[path];

describe('inlineStylesheets', () => {
  it('puts each built stylesheet before its link, and the link is disabled (kept for hydration, never fetched)', () => {
    const head =
      '<meta charSet="utf-8"/><link rel="stylesheet" href="/assets/global-a1.css"/><link rel="stylesheet" href="/assets/layout-b2.css#"/>';
    expect(inlineStylesheets(head, read)).toBe(
      '<meta charSet="utf-8"/>' +
        '<style data-href="/assets/global-a1.css">body{margin:0}</style><link rel="stylesheet" href="/assets/global-a1.css" disabled=""/>' +
        '<style data-href="/assets/layout-b2.css#">.header{color:red}</style><link rel="stylesheet" href="/assets/layout-b2.css#" disabled=""/>',
    );
  });

  it('keeps attributes such as a nonce on the link', () => {
    const out = inlineStylesheets('<link nonce="abc" rel="stylesheet" href="/assets/global-a1.css">', read);
    expect(out).toBe(
      '<style data-href="/assets/global-a1.css">body{margin:0}</style><link nonce="abc" rel="stylesheet" href="/assets/global-a1.css" disabled=""/>',
    );
  });

  it('leaves alone what it cannot or should not inline', () => {
    const head = [
      '<link rel="stylesheet" href="/assets/unknown.css"/>',
      '<link rel="stylesheet" href="https://cdn.example/x.css"/>',
      '<link rel="stylesheet" href="/assets/global-a1.css" media="print"/>',
      '<link rel="preload" as="image" href="/assets/global-a1.css"/>',
      '<link rel="modulepreload" href="/assets/entry.js"/>',
    ].join('');
    expect(inlineStylesheets(head, read)).toBe(head);
  });

  it('does not inline a stylesheet that would close the <style> element early', () => {
    const head = '<link rel="stylesheet" href="/assets/evil.css"/>';
    expect(inlineStylesheets(head, () => 'a::after{content:"</style><script>alert(1)</script>"}')).toBe(head);
  });
});

describe('builtStylesheetReader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inline-css-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'small-1.css'), 'p{color:blue}');
  writeFileSync(join(dir, 'assets', 'large-2.css'), `p{}${' '.repeat(MAX_INLINE_BYTES)}`);
  writeFileSync(join(dir, 'secret.css'), 'outside assets');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads small /assets/*.css files of the client build, once', () => {
    const reader = builtStylesheetReader(dir);
    expect(reader('/assets/small-1.css')).toBe('p{color:blue}');
    rmSync(join(dir, 'assets', 'small-1.css'));
    // Hashed names never change their text: the first read is kept.
    expect(reader('/assets/small-1.css')).toBe('p{color:blue}');
  });

  it('refuses large files, missing files and paths outside /assets/', () => {
    const reader = builtStylesheetReader(dir);
    expect(reader('/assets/large-2.css')).toBeUndefined();
    expect(reader('/assets/missing.css')).toBeUndefined();
    expect(reader('/secret.css')).toBeUndefined();
    expect(reader('/assets/../secret.css')).toBeUndefined();
  });
});
