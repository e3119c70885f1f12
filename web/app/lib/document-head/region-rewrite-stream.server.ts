/**
 * A pass-through stream for the rendered document that hands one region of it to a rewrite, as a
 * whole: from `start` (or the document's beginning) up to `end`. React streams the shell in chunks
 * that may split a tag, so only the region's bytes are held back; everything else flows through.
 */
import { Transform, type TransformCallback, type TransformOptions } from 'node:stream';

export interface Region {
  /** Where the region begins (itself included); omitted: the document's first byte. */
  start?: string;
  /** Where it ends (itself not given to the rewrite, kept after it). */
  end: string;
  /**
   * The region's new text; `null`: not the region looked for, which passes unchanged while the
   * search goes on from its end (only with a `start`, or it would never move on).
   */
  rewrite(text: string): string | null;
}

/** A region longer than this is not the one looked for: it passes through unchanged. */
const MAX_REGION_BYTES = 512 * 1024;

export function regionRewriteStream(region: Region, options: TransformOptions = {}): Transform {
  const start = region.start === undefined ? undefined : Buffer.from(region.start);
  const end = Buffer.from(region.end);
  let held: Buffer = Buffer.alloc(0);
  let state: 'before' | 'inside' | 'done' = start ? 'before' : 'inside';

  /** Moves through `held` as far as it can, pushing what is decided. */
  function advance(stream: Transform) {
    while (state !== 'done') {
      if (state === 'before') {
        const at = held.indexOf(start!);
        if (at < 0) {
          // Keep what could be the beginning of a start marker split across chunks.
          const keep = Math.min(held.length, start!.length - 1);
          stream.push(held.subarray(0, held.length - keep));
          held = held.subarray(held.length - keep);
          return;
        }
        stream.push(held.subarray(0, at));
        held = held.subarray(at);
        state = 'inside';
      }
      const at = held.indexOf(end);
      if (at < 0) {
        if (held.length > MAX_REGION_BYTES) {
          stream.push(held);
          held = Buffer.alloc(0);
          state = 'done';
        }
        return;
      }
      // Both markers are ASCII: the bytes before `end` are whole characters.
      const text = held.subarray(0, at).toString('utf8');
      const rewritten = region.rewrite(text);
      stream.push(rewritten === null ? held.subarray(0, at) : Buffer.from(rewritten, 'utf8'));
      held = held.subarray(at);
      if (rewritten !== null || !start) {
        stream.push(held);
        held = Buffer.alloc(0);
        state = 'done';
      } else {
        // The end marker passes; the search for the next start begins after it.
        stream.push(held.subarray(0, end.length));
        held = held.subarray(end.length);
        state = 'before';
      }
    }
  }

  return new Transform({
    ...options,
    transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      if (state === 'done') return callback(null, bytes);
      held = held.length ? Buffer.concat([held, bytes]) : bytes;
      advance(this);
      callback();
    },
    flush(callback: TransformCallback) {
      if (held.length) this.push(held);
      held = Buffer.alloc(0);
      if (options.flush) options.flush.call(this, callback);
      else callback();
    },
  });
}
