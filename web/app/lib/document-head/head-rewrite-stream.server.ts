/**
 * A pass-through stream for the rendered document that hands its <head> to a rewrite once, as a
 * whole: React streams the shell in chunks that may split a tag, so bytes are held back until
 * `</head>` has gone by, then everything flows through untouched.
 */
import { Transform, type TransformCallback, type TransformOptions } from 'node:stream';

/** A head longer than this is not the document's (or has no end): it passes through unchanged. */
const MAX_HEAD_BYTES = 512 * 1024;
const headEnd = Buffer.from('</head>');

export function headRewriteStream(rewrite: (head: string) => string, options: TransformOptions = {}): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let done = false;
  const release = (stream: Transform) => {
    for (const chunk of held) stream.push(chunk);
    held = [];
    done = true;
  };
  return new Transform({
    ...options,
    transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      if (done) return callback(null, bytes);
      held.push(bytes);
      heldBytes += bytes.length;
      const all = Buffer.concat(held);
      const end = all.indexOf(headEnd);
      if (end >= 0) {
        // `</head>` is ASCII: the bytes before it end on a whole character.
        this.push(Buffer.from(rewrite(all.subarray(0, end).toString('utf8')), 'utf8'));
        held = [all.subarray(end)];
        release(this);
      } else if (heldBytes > MAX_HEAD_BYTES) {
        release(this);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      release(this);
      if (options.flush) options.flush.call(this, callback);
      else callback();
    },
  });
}
