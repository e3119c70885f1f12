import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { headRewriteStream } from './head-rewrite-stream.server';
import { lowerModulePreloadPriority } from './script-priority.server';

async function through(chunks: string[], rewrite: (head: string) => string): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(headRewriteStream(rewrite)));
}

describe('headRewriteStream', () => {
  it('rewrites the whole head once, however the chunks split it, and passes the rest untouched', async () => {
    const seen: string[] = [];
    const out = await through(
      ['<html><head><li', 'nk rel="x"/><ti', 'tle>Ä</title></he', 'ad><body>', '<head></head>'],
      (head) => {
        seen.push(head);
        return head.toUpperCase();
      },
    );
    expect(seen).toEqual(['<html><head><link rel="x"/><title>Ä</title>']);
    expect(out).toBe('<HTML><HEAD><LINK REL="X"/><TITLE>Ä</TITLE></head><body><head></head>');
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await through(['plain ', 'text'], () => 'never')).toBe('plain text');
  });

  it('calls the final callback it was given (the render timeout is cleared there)', async () => {
    let finished = false;
    const stream = headRewriteStream((head) => head, {
      final(callback) {
        finished = true;
        callback();
      },
    });
    const out = text(stream);
    stream.end('<head></head>');
    expect(await out).toBe('<head></head>');
    expect(finished).toBe(true);
  });
});

describe('lowerModulePreloadPriority', () => {
  it('marks module preloads low priority and leaves every other tag alone', () => {
    const head =
      '<link rel="modulepreload" href="/assets/a.js"/><link rel="preload" as="image" href="/i.svg" fetchPriority="high"/><link rel="modulepreload" href="/assets/b.js" fetchpriority="high"/>';
    expect(lowerModulePreloadPriority(head)).toBe(
      '<link rel="modulepreload" href="/assets/a.js" fetchpriority="low"/><link rel="preload" as="image" href="/i.svg" fetchPriority="high"/><link rel="modulepreload" href="/assets/b.js" fetchpriority="high"/>',
    );
  });
});
