/** Runs a geometry plan and the effect/format parameters through sharp; SVGs are rasterised sharply at the target size. */
import sharp, { type Sharp } from 'sharp';
import { blurSigma, maxInputPixels, renderTimeoutSeconds } from './image-cost.ts';
import type { Plan, Size } from './image-geometry.ts';
import type { ImageSpec, OutputFormat, Rect, Rgba } from './image-params.ts';

export const contentTypes: Record<OutputFormat, string> = {
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

const white: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
const transparent: Rgba = { r: 255, g: 255, b: 255, alpha: 0 };

/** Sanity's default quality when `q` is not given. */
const defaultQuality = 75;

function scaleRect(rect: Rect, kx: number, ky: number, limit: Size): Rect {
  const left = Math.min(limit.width - 1, Math.round(rect.left * kx));
  const top = Math.min(limit.height - 1, Math.round(rect.top * ky));
  return {
    left,
    top,
    width: Math.max(1, Math.min(limit.width - left, Math.round(rect.width * kx))),
    height: Math.max(1, Math.min(limit.height - top, Math.round(rect.height * ky))),
  };
}

/**
 * An SVG is rendered at the density that makes its pixels match the requested output, so a
 * 40 px logo asked for at 800 px wide is drawn at 800 px, not blown up from 40.
 */
async function openSource(
  buffer: Buffer,
  isSvg: boolean,
  original: Size,
  plan: Plan,
): Promise<{ image: Sharp; size: Size }> {
  if (!isSvg) return { image: sharp(buffer, { limitInputPixels: maxInputPixels }), size: original };
  const cut = plan.region ?? original;
  const want = plan.resize ?? plan.output;
  const factor =
    Math.max(want.width / cut.width, want.height / cut.height, want.width / cut.height, want.height / cut.width) || 1;
  // The rotated case is covered by comparing against both sides; never render below 1x.
  const density = Math.min(72 * 16, Math.max(72, 72 * Math.min(factor, 16)));
  const { data, info } = await sharp(buffer, { density, limitInputPixels: maxInputPixels })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return { image, size: { width: info.width, height: info.height } };
}

function encode(image: Sharp, format: OutputFormat, spec: ImageSpec): Sharp {
  const quality = spec.q ?? defaultQuality;
  switch (format) {
    case 'jpg':
    case 'pjpg':
      return image.flatten({ background: spec.bg ?? white }).jpeg({ quality, progressive: format === 'pjpg' });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality });
    case 'avif':
      return image.avif({ quality: Math.round(quality * 0.7), effort: 2 });
    case 'gif':
      return image.gif();
  }
}

export async function renderImage(
  buffer: Buffer,
  isSvg: boolean,
  original: Size,
  spec: ImageSpec,
  plan: Plan,
  format: OutputFormat,
): Promise<Buffer> {
  const { image: opened, size } = await openSource(buffer, isSvg, original, plan);
  let image = opened;
  if (plan.region)
    image = image.extract(scaleRect(plan.region, size.width / original.width, size.height / original.height, size));
  if (spec.orientation !== 0) image = image.rotate(spec.orientation);
  if (spec.flipV) image = image.flip();
  if (spec.flipH) image = image.flop();
  if (plan.resize) {
    const { width, height, entropy } = plan.resize;
    image = entropy
      ? image.resize({ width, height, fit: 'cover', position: sharp.strategy.entropy })
      : image.resize({ width, height, fit: 'fill' });
  }
  if (plan.crop) image = image.extract(plan.crop);
  if (plan.pad && (plan.pad.top || plan.pad.bottom || plan.pad.left || plan.pad.right)) {
    const opaque = format === 'jpg' || format === 'pjpg';
    image = image.extend({ ...plan.pad, background: spec.bg ?? (opaque ? white : transparent) });
  }
  if (spec.blur) image = image.blur(blurSigma(spec.blur, plan.output));
  if (spec.sharpen) image = image.sharpen({ sigma: 0.5 + spec.sharpen / 50 });
  if (spec.invert) image = image.negate({ alpha: false });
  return encode(image.timeout({ seconds: renderTimeoutSeconds }), format, spec).toBuffer();
}
