/**
 * Puts the page's own stylesheets into its <head> as <style> elements, so the first paint waits
 * for no CSS request (Lighthouse's render-blocking requests, issue 15). Each <link> stays for
 * React's hydration, which matches it by rel and href, but `disabled`: the browser neither fetches
 * nor applies it (production React does not patch attributes while hydrating, so it stays so).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Larger files keep their <link>: past this size a cached file costs less than resending it on every page. */
export const MAX_INLINE_BYTES = 40 * 1024;

/** The text of a built stylesheet by its URL path (`/assets/x.css`), or undefined to keep the link. */
export type StylesheetReader = (path: string) => string | undefined;

const linkTag = /<link\b[^>]*>/gi;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

/** `&amp;` and `&quot;` as React writes them in attribute values; the rest stays as it is. */
function unescapeAttribute(value: string): string {
  return value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
}

/** Rewrites every same-origin stylesheet <link> of `head` that `read` can supply. */
export function inlineStylesheets(head: string, read: StylesheetReader): string {
  return head.replace(linkTag, (tag) => {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.toLowerCase() !== 'stylesheet' || href === undefined) return tag;
    if (/\sdisabled[\s=/>]/i.test(tag) || attribute(tag, 'media') !== undefined) return tag;
    const path = unescapeAttribute(href).split(/[?#]/)[0]!;
    const css = read(path);
    // A stylesheet that could end the element early is left as a link.
    if (css === undefined || /<\/style/i.test(css)) return tag;
    return `<style data-href="${href}">${css}</style>${tag.replace(/\s*\/?>$/, ' disabled=""/>')}`;
  });
}

/**
 * Reads stylesheets from the client build folder (`clientDir`), once each: the files are
 * content-hashed, so a name always has the same text. Only `/assets/*.css` files under the limit.
 */
export function builtStylesheetReader(clientDir: string): StylesheetReader {
  const texts = new Map<string, string | undefined>();
  return (path) => {
    if (texts.has(path)) return texts.get(path);
    let text: string | undefined;
    if (/^\/assets\/[\w.-]+\.css$/.test(path)) {
      const file = join(clientDir, path);
      if (existsSync(file)) {
        const bytes = readFileSync(file);
        text = bytes.length <= MAX_INLINE_BYTES ? bytes.toString('utf8') : undefined;
      }
    }
    texts.set(path, text);
    return text;
  };
}
