import { describe, expect, it } from 'vitest';
import { staticStylesheets, withoutPreloadedStylesheets, type ChunkStylesheets } from './importer-stylesheets';

/** A chunk as Vite's import analysis leaves it: the preload list on top, one call per dynamic import. */
const chunk = (files: string[], calls: string[]) =>
  `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(files)})))=>i.map(i=>d[i]);\n` +
  calls.map((call, n) => `const b${n}=()=>a(()=>import(\`./block-${n}.js\`),__vite__mapDeps([${call}]));`).join('\n');

describe('staticStylesheets', () => {
  const chunks = new Map<string, ChunkStylesheets>([
    ['assets/page.js', { imports: ['assets/layout.js', 'assets/runtime.js'], css: ['assets/page.css'] }],
    ['assets/layout.js', { imports: ['assets/root.js'], css: ['assets/layout.css'] }],
    ['assets/root.js', { imports: ['assets/runtime.js', 'assets/layout.js'], css: new Set(['assets/global.css']) }],
    ['assets/runtime.js', { imports: [], css: [] }],
    ['assets/lazy.js', { imports: ['assets/layout.js'], css: ['assets/lazy.css'] }],
  ]);

  it('gathers the stylesheets of the chunk and of every chunk it imports statically, cycles included', () => {
    expect(staticStylesheets('assets/page.js', chunks)).toEqual(
      new Set(['assets/page.css', 'assets/layout.css', 'assets/global.css']),
    );
    expect(staticStylesheets('assets/layout.js', chunks)).toEqual(new Set(['assets/layout.css', 'assets/global.css']));
  });
});

describe('withoutPreloadedStylesheets', () => {
  it('drops the stylesheets the importer has from every preload list and renumbers the rest', () => {
    const code = chunk(
      [
        'assets/lists.js',
        'assets/runtime.js',
        'assets/layout.js',
        'assets/layout.css',
        'assets/lists.css',
        'assets/gallery.js',
        'assets/page.css',
      ],
      ['0,1,2,3,4', '5,1,2,3,6'],
    );
    expect(withoutPreloadedStylesheets(code, new Set(['assets/layout.css', 'assets/page.css']))).toBe(
      chunk(
        ['assets/lists.js', 'assets/runtime.js', 'assets/layout.js', 'assets/lists.css', 'assets/gallery.js'],
        ['0,1,2,3', '4,1,2'],
      ),
    );
  });

  it('keeps what only the imported chunk needs, and leaves a chunk listing none of them as it was', () => {
    const code = chunk(['assets/search.js', 'assets/search.css'], ['0,1']);
    expect(withoutPreloadedStylesheets(code, new Set(['assets/layout.css']))).toBe(code);
  });

  it('leaves an import with nothing else to preload an empty list', () => {
    const code = chunk(['assets/layout.css', 'assets/search.js', 'assets/search.css'], ['0', '1,2,0']);
    expect(withoutPreloadedStylesheets(code, new Set(['assets/layout.css']))).toBe(
      chunk(['assets/search.js', 'assets/search.css'], ['', '0,1']),
    );
  });

  it('leaves a chunk without dynamic imports alone', () => {
    const code = 'export const a=1;';
    expect(withoutPreloadedStylesheets(code, new Set(['assets/layout.css']))).toBe(code);
  });
});
