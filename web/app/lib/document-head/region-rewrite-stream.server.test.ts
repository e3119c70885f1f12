import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { regionRewriteStream, type Region } from './region-rewrite-stream.server';

async function through(chunks: string[], region: Region): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(regionRewriteStream(region)));
}

describe('regionRewriteStream', () => {
  it('rewrites the whole head once, however the chunks split it, and passes the rest untouched', async () => {
    const seen: string[] = [];
    const out = await through(
      ['<html><head><li', 'nk rel="x"/><ti', 'tle>Ä</title></he', 'ad><body>', '<head></head>'],
      {
        end: '</head>',
        rewrite(head) {
          seen.push(head);
          return head.toUpperCase();
        },
      },
    );
    expect(seen).toEqual(['<html><head><link rel="x"/><title>Ä</title>']);
    expect(out).toBe('<HTML><HEAD><LINK REL="X"/><TITLE>Ä</TITLE></head><body><head></head>');
  });

  it('finds a region in the middle, its start marker split across chunks, skipping the ones the rewrite declines', async () => {
    const seen: string[] = [];
    const out = await through(
      ['<p>é</p><scr', 'ipt>a</script><scr', 'ipt type="module">b', 'c</scr', 'ipt><script>d</script>'],
      {
        start: '<script',
        end: '</script>',
        rewrite(script) {
          seen.push(script);
          return script.includes('module') ? script.replace('bc', 'BC') : null;
        },
      },
    );
    expect(seen).toEqual(['<script>a', '<script type="module">bc']);
    expect(out).toBe('<p>é</p><script>a</script><script type="module">BC</script><script>d</script>');
  });

  it('passes a document without the region through unchanged', async () => {
    expect(await through(['plain ', 'text <scr'], { start: '<script', end: '</script>', rewrite: () => 'x' })).toBe(
      'plain text <scr',
    );
    expect(await through(['no head ', 'end'], { end: '</head>', rewrite: () => 'never' })).toBe('no head end');
  });

  it('calls the final callback it was given (the render timeout is cleared there)', async () => {
    let finished = false;
    const stream = regionRewriteStream(
      { end: '</head>', rewrite: (head) => head },
      {
        final(callback) {
          finished = true;
          callback();
        },
      },
    );
    const out = text(stream);
    stream.end('<head></head>');
    expect(await out).toBe('<head></head>');
    expect(finished).toBe(true);
  });
});
