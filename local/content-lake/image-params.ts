/** Parses Sanity image-pipeline URL parameters (w, h, fit, rect, fm, auto, q, dpr, ...) into a checked spec. */

export type Fit = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'min' | 'scale';
export type OutputFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif' | 'gif';
export type Orientation = 0 | 90 | 180 | 270;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

export interface ImageSpec {
  w?: number;
  h?: number;
  maxW?: number;
  maxH?: number;
  minW?: number;
  minH?: number;
  dpr: number;
  fit: Fit;
  /** `crop=` values: top, bottom, left, right, center, focalpoint, entropy. */
  crop: string[];
  focalPoint?: { x: number; y: number };
  rect?: Rect;
  fm?: OutputFormat;
  autoFormat: boolean;
  q?: number;
  bg?: Rgba;
  blur?: number;
  sharpen?: number;
  flipH: boolean;
  flipV: boolean;
  orientation: Orientation;
  invert: boolean;
  /** `dl=`: serve as an attachment, optionally under this file name. */
  download?: string;
}

/** Output is capped like a CDN would, so a typo cannot ask for a gigapixel render. */
export const maxDimension = 8192;

const fits = new Set<string>(['clip', 'crop', 'fill', 'fillmax', 'max', 'min', 'scale']);
const formats = new Set<string>(['jpg', 'pjpg', 'png', 'webp', 'avif', 'gif']);
const crops = new Set<string>(['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy']);

class ParamError extends Error {}

function number(search: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = search.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new ParamError(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  return value;
}

function integer(search: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const value = number(search, name, min, max);
  return value === undefined ? undefined : Math.round(value);
}

/** `bg=` takes RGB, ARGB, RRGGBB or AARRGGBB hex, as Sanity documents. */
function color(raw: string | null): Rgba | undefined {
  if (raw === null || raw === '') return undefined;
  const hex = raw.replace(/^#/, '');
  if (!/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex))
    throw new ParamError(`bg must be a hex colour (got "${raw}")`);
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const argb = full.length === 8 ? full : `ff${full}`;
  const byte = (i: number): number => parseInt(argb.slice(i, i + 2), 16);
  return { alpha: byte(0) / 255, r: byte(2), g: byte(4), b: byte(6) };
}

function rect(raw: string | null): Rect | undefined {
  if (raw === null || raw === '') return undefined;
  const parts = raw.split(',').map(Number);
  const [left, top, width, height] = parts;
  if (
    parts.length !== 4 ||
    left === undefined ||
    top === undefined ||
    width === undefined ||
    height === undefined ||
    parts.some((n) => !Number.isFinite(n) || n < 0) ||
    width < 1 ||
    height < 1
  ) {
    throw new ParamError(`rect must be "left,top,width,height" in pixels (got "${raw}")`);
  }
  return { left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height) };
}

function oneOf<T extends string>(raw: string | null, allowed: Set<string>, name: string): T | undefined {
  if (raw === null || raw === '') return undefined;
  if (!allowed.has(raw)) throw new ParamError(`${name} must be one of ${[...allowed].join(', ')} (got "${raw}")`);
  return raw as T;
}

function parse(search: URLSearchParams): ImageSpec {
  const orientation = integer(search, 'or', 0, 270) ?? 0;
  if (orientation % 90 !== 0) throw new ParamError('or must be 0, 90, 180 or 270');
  const crop = (search.get('crop') ?? '').split(',').filter(Boolean);
  for (const value of crop)
    if (!crops.has(value)) throw new ParamError(`crop must be made of ${[...crops].join(', ')} (got "${value}")`);
  const fpX = number(search, 'fp-x', 0, 1);
  const fpY = number(search, 'fp-y', 0, 1);
  const flip = search.get('flip') ?? '';
  const auto = search.get('auto');
  return {
    w: integer(search, 'w', 1, maxDimension),
    h: integer(search, 'h', 1, maxDimension),
    maxW: integer(search, 'max-w', 1, maxDimension),
    maxH: integer(search, 'max-h', 1, maxDimension),
    minW: integer(search, 'min-w', 1, maxDimension),
    minH: integer(search, 'min-h', 1, maxDimension),
    dpr: number(search, 'dpr', 0.1, 3) ?? 1,
    fit: oneOf<Fit>(search.get('fit'), fits, 'fit') ?? 'clip',
    crop,
    focalPoint: fpX === undefined && fpY === undefined ? undefined : { x: fpX ?? 0.5, y: fpY ?? 0.5 },
    rect: rect(search.get('rect')),
    fm: oneOf<OutputFormat>(search.get('fm'), formats, 'fm'),
    autoFormat: auto === 'format',
    q: integer(search, 'q', 0, 100),
    bg: color(search.get('bg')),
    blur: number(search, 'blur', 0, 2000),
    sharpen: number(search, 'sharp', 0, 100),
    flipH: flip.includes('h'),
    flipV: flip.includes('v'),
    orientation: orientation as Orientation,
    invert: search.get('invert') === 'true',
    download: search.has('dl') ? (search.get('dl') ?? '') : undefined,
  };
}

export function parseImageParams(search: URLSearchParams): ImageSpec | { error: string } {
  try {
    return parse(search);
  } catch (error) {
    if (error instanceof ParamError) return { error: error.message };
    throw error;
  }
}

/**
 * True when the parameters change pixels: then an SVG is rasterised. `fit`, `crop`, `dpr` and the
 * focal point only matter with a size; `auto=format` alone leaves an SVG as it is (it is already
 * the best format), while a raster may turn into WebP.
 */
export function asksForTransform(spec: ImageSpec, isSvg: boolean): boolean {
  const values = [
    spec.w,
    spec.h,
    spec.maxW,
    spec.maxH,
    spec.minW,
    spec.minH,
    spec.rect,
    spec.fm,
    spec.q,
    spec.bg,
    spec.blur,
    spec.sharpen,
  ];
  return (
    values.some((value) => value !== undefined) ||
    spec.orientation !== 0 ||
    spec.flipH ||
    spec.flipV ||
    spec.invert ||
    (spec.autoFormat && !isSvg)
  );
}
