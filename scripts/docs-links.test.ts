/**
 * The README and docs/ point only at what exists: every relative link resolves to a file or
 * folder of the repository, every `#anchor` to a heading of its page, and every repository path
 * written in code (`web/app/...`) names a file that is there. The README stays short enough to
 * read in ten minutes and links every page of docs/, the block checklist among them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../local/env.ts';

const README = join(repoRoot, 'README.md');
const DOCS = join(repoRoot, 'docs');
const pages = [
  README,
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(DOCS, name)),
];

/** The text outside fenced code blocks (their lines blanked, so line numbers stay). */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every heading's anchor on a page, numbered as GitHub numbers repeats (`x`, `x-1`, ...). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(text!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Markdown links `[text](target)` in the prose, code spans left out. */
function linksOf(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '``');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** What a link points at that is missing, or null when it resolves. */
function brokenLink(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not the repository's
  const [path = '', anchor] = target.split('#');
  const file = path ? resolve(dirname(page), decodeURIComponent(path)) : page;
  if (!file.startsWith(repoRoot)) return `${target}: outside the repository`;
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor === undefined) return null;
  if (!file.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor) ? null : `${target}: no heading with that anchor`;
}

/** Top-level folders whose paths, written in code spans, must exist. */
const ROOTS = ['web', 'local', 'scripts', 'tests', 'supabase', 'schemas', 'studio', 'content', 'docs'];

/** Repository paths in code spans (`web/app/root.tsx`), without placeholders or globs. */
function codePathsOf(markdown: string): string[] {
  const spans = [...prose(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return spans.filter(
    (span) =>
      ROOTS.some((root) => span.startsWith(`${root}/`)) &&
      /^[\w./@[\]+-]+$/.test(span) &&
      !/[<>*{}]|\.\.\.|\[id\]/.test(span),
  );
}

describe('README.md and docs/', () => {
  it('README.md is under 300 lines', () => {
    expect(readFileSync(README, 'utf8').split('\n').length).toBeLessThan(300);
  });

  it('every relative link resolves to a file, and every #anchor to a heading', () => {
    const broken = pages.flatMap((page) =>
      linksOf(readFileSync(page, 'utf8'))
        .map((target) => brokenLink(page, target))
        .filter((problem) => problem !== null)
        .map((problem) => `${relative(repoRoot, page)}: ${problem}`),
    );
    expect(broken).toEqual([]);
  });

  it('every repository path written in code names a file or folder that exists', () => {
    const missing = pages.flatMap((page) =>
      codePathsOf(readFileSync(page, 'utf8'))
        .filter((path) => !existsSync(join(repoRoot, path)))
        .map((path) => `${relative(repoRoot, page)}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('the README links every page of docs/, the block checklist among them', () => {
    const linked = new Set(
      linksOf(readFileSync(README, 'utf8')).map((target) => resolve(repoRoot, target.split('#')[0]!)),
    );
    const unlinked = pages
      .filter((page) => page !== README && !linked.has(page))
      .map((page) => relative(repoRoot, page));
    expect(unlinked).toEqual([]);
    expect(linked.has(join(DOCS, 'adding-a-block.md'))).toBe(true);
  });

  it('finds what it is meant to find', () => {
    expect(anchorsOf('# A title\n## Sign-in: the `session` (local)\n## A title\n```\n# not a heading\n```')).toEqual(
      new Set(['a-title', 'sign-in-the-session-local', 'a-title-1']),
    );
    expect(linksOf('[a](x.md) `[b](y.md)` [c](https://example.org) [d](#here)')).toEqual([
      'x.md',
      'https://example.org',
      '#here',
    ]);
    expect(brokenLink(README, 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(brokenLink(README, '#no-such-heading')).toMatch(/no heading/);
    expect(codePathsOf('`web/app/root.tsx`, `web/app/<x>.tsx`, `npm start`, `/admin/orders`')).toEqual([
      'web/app/root.tsx',
    ]);
  });
});
