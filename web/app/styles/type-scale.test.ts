/**
 * The site's stylesheets size text from the type scale in global.css only: each size and weight a
 * page uses is a font lookup in its first layout, which adds up on a slow phone's main thread
 * (docs/web-server.md, "Type scale").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = join(import.meta.dirname, '..');
const sheets = readdirSync(appDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
const scale = [...readFileSync(join(appDir, 'styles', 'global.css'), 'utf8').matchAll(/(--text-[\w-]+):/g)].map(
  (match) => match[1],
);

/** A size from the scale, the root size, a size relative to its parent, or a heading's fluid size. */
const allowedSize = new RegExp(`^(?:var\\((?:${scale.join('|')})\\)|1rem|[\\d.]+em|clamp\\(.+\\)|inherit)$`);

describe('type scale', () => {
  it('has its steps in global.css', () => {
    expect(scale.length).toBeGreaterThanOrEqual(5);
  });

  it('is where every stylesheet takes its font sizes from', () => {
    expect(sheets.length).toBeGreaterThan(5);
    for (const sheet of sheets) {
      const css = readFileSync(join(appDir, sheet), 'utf8');
      for (const [, size] of css.matchAll(/font-size:\s*([^;]+);/g)) expect(size, sheet).toMatch(allowedSize);
    }
  });

  it('leaves out the heaviest weights: 700 is the boldest', () => {
    for (const sheet of sheets) {
      const css = readFileSync(join(appDir, sheet), 'utf8');
      for (const [, weight] of css.matchAll(/font-weight:\s*([^;]+);/g))
        expect(['800', '900'], sheet).not.toContain(weight);
    }
  });
});
