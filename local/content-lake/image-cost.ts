/**
 * Bounds what one image render may cost, so a crafted URL cannot hold sharp's threads for a
 * minute (an 8192x8192 render with blur=2000 took 84 s): the output area is capped (larger is
 * refused), the blur radius is clamped so that area x radius stays bounded (a large blur on a
 * large image looks the same with a smaller radius), the source's size is capped, and a render is
given up after a time limit, its process killed, with a few at once.
 */
import type { Size } from './image-geometry.ts';

/** The largest output area rendered: 5000 x 5000 pixels (a 2x retina hero is about 3840 x 2160). */
export const maxOutputPixels = 25_000_000;
/** Output pixels x blur sigma: about half a second of sharp's blur on this kind of machine. */
export const blurBudget = 100_000_000;
/**
 * A render not done this long after it was asked for (waiting included) is given up and its
 * process killed (render-pool.ts): 503.
 */
export const renderTimeoutSeconds = 10;
/** Renders at once, each in its own process with one libvips thread: the lake's own keeps a core. */
export const renderWorkers = 2;
/**
 * Renders that may wait for a process; more are refused at once (503). A first visit to a page
 * full of images asks for dozens at once (the seed's 69 thumbnails together pass); a waiting
 * render holds no image bytes and still ends at its deadline.
 */
export const maxQueuedRenders = 128;
/**
 * The largest source image decoded: 50 megapixels (a 45-megapixel camera photo fits; 200 MB as
 * RGBA). sharp's own default is 268 megapixels, over 1 GB decoded.
 */
export const maxInputPixels = 50_000_000;

/** Why this output cannot be rendered, or undefined when it can. */
export function outputTooLarge(output: Size): string | undefined {
  const pixels = output.width * output.height;
  if (pixels <= maxOutputPixels) return undefined;
  return `The output (${output.width}x${output.height}) is larger than ${maxOutputPixels} pixels; ask for a smaller w, h or dpr`;
}

/** The Gaussian sigma for `blur` (Sanity's 0-2000 scale), clamped so its cost on `output` stays bounded. */
export function blurSigma(blur: number, output: Size): number {
  const wanted = Math.max(0.3, blur / 10);
  const affordable = blurBudget / Math.max(1, output.width * output.height);
  return Math.max(0.3, Math.min(wanted, affordable));
}
