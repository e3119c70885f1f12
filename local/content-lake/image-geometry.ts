/**
 * Works out, in plain numbers, what a Sanity/imgix-style request does to an image's size: the
 * `rect` to cut, the rotation, the exact resize, the crop after resizing (`fit=crop|min`) and the
 * padding (`fit=fill|fillmax`). Keeping this free of sharp makes every fit mode easy to test.
 */
import { maxDimension, type ImageSpec, type Rect } from './image-params.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Plan {
  /** Cut from the source before anything else (`rect`), clamped to the image. */
  region?: Rect;
  /** Exact size to resize the (cut, rotated) image to; aspect already decided here. */
  resize?: Size & { entropy?: boolean };
  /** Cut after resizing, for cover-style fits. */
  crop?: Rect;
  /** Padding after resizing, for fill-style fits. */
  pad?: { top: number; bottom: number; left: number; right: number };
  output: Size;
}

const clampDim = (n: number): number => Math.min(maxDimension, Math.max(1, Math.round(n)));

/** A rect reaching past the edge is trimmed; one starting outside the image is refused. */
function clampRect(rect: Rect, source: Size): Rect | undefined {
  if (rect.left >= source.width || rect.top >= source.height) return undefined;
  const { left, top } = rect;
  const width = Math.min(rect.width, source.width - left);
  const height = Math.min(rect.height, source.height - top);
  return width >= 1 && height >= 1 ? { left, top, width, height } : undefined;
}

/** Where a `box`-sized window sits inside `inner`, following `crop=` or the focal point. */
function cropWindow(inner: Size, box: Size, spec: ImageSpec): Rect {
  const spareX = inner.width - box.width;
  const spareY = inner.height - box.height;
  let x = 0.5;
  let y = 0.5;
  if (spec.crop.includes('focalpoint') && spec.focalPoint) {
    // Centre the window on the focal point, then keep it inside the image.
    const left = spec.focalPoint.x * inner.width - box.width / 2;
    const top = spec.focalPoint.y * inner.height - box.height / 2;
    return {
      left: Math.round(Math.min(spareX, Math.max(0, left))),
      top: Math.round(Math.min(spareY, Math.max(0, top))),
      ...box,
    };
  }
  if (spec.crop.includes('left')) x = 0;
  if (spec.crop.includes('right')) x = 1;
  if (spec.crop.includes('top')) y = 0;
  if (spec.crop.includes('bottom')) y = 1;
  return { left: Math.round(spareX * x), top: Math.round(spareY * y), ...box };
}

/** Resize to cover `box`, then cut `box` out of it. */
function cover(source: Size, box: Size, spec: ImageSpec): Pick<Plan, 'resize' | 'crop'> {
  const scale = Math.max(box.width / source.width, box.height / source.height);
  const inner = {
    width: Math.max(box.width, Math.round(source.width * scale)),
    height: Math.max(box.height, Math.round(source.height * scale)),
  };
  if (spec.crop.includes('entropy')) return { resize: { ...box, entropy: true } };
  return { resize: inner, crop: cropWindow(inner, box, spec) };
}

function scaled(source: Size, scale: number): Size {
  return { width: clampDim(source.width * scale), height: clampDim(source.height * scale) };
}

/** max-w/max-h/min-w/min-h bound the requested size (or the natural size when none is asked). */
function bounded(value: number | undefined, min: number | undefined, max: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return Math.max(min ?? 0, Math.min(max ?? Infinity, value));
}

export function planGeometry(original: Size, spec: ImageSpec): Plan | { error: string } {
  const region = spec.rect ? clampRect(spec.rect, original) : undefined;
  if (spec.rect && !region)
    return {
      error: `rect ${Object.values(spec.rect).join(',')} lies outside the ${original.width}x${original.height} image`,
    };
  const cut = region ?? original;
  const source =
    spec.orientation % 180 === 0 ? { width: cut.width, height: cut.height } : { width: cut.height, height: cut.width };

  let w = spec.w === undefined ? undefined : spec.w * spec.dpr;
  let h = spec.h === undefined ? undefined : spec.h * spec.dpr;
  if (w === undefined && h === undefined && (spec.maxW || spec.maxH || spec.minW || spec.minH)) {
    // Only bounds given: they act on the natural size, keeping the aspect ratio.
    let scale = Math.min(1, (spec.maxW ?? Infinity) / source.width, (spec.maxH ?? Infinity) / source.height);
    scale = Math.max(scale, (spec.minW ?? 0) / source.width, (spec.minH ?? 0) / source.height);
    const size = scaled(source, scale);
    return { region, resize: size, output: size };
  }
  w = bounded(w, spec.minW, spec.maxW);
  h = bounded(h, spec.minH, spec.maxH);
  const noUpscale = spec.fit === 'max' || spec.fit === 'fillmax' || spec.fit === 'min';

  if (w === undefined && h === undefined) return { region, output: source };
  if (w === undefined || h === undefined) {
    // One side given: scale to it, the other follows the aspect ratio.
    let scale = w !== undefined ? w / source.width : (h ?? source.height) / source.height;
    if (noUpscale) scale = Math.min(scale, 1);
    const size = scaled(source, scale);
    return { region, resize: size, output: size };
  }
  const box = { width: clampDim(w), height: clampDim(h) };
  const fitScale = Math.min(box.width / source.width, box.height / source.height);
  switch (spec.fit) {
    case 'clip':
      return { region, resize: scaled(source, fitScale), output: scaled(source, fitScale) };
    case 'max': {
      const size = scaled(source, Math.min(fitScale, 1));
      return { region, resize: size, output: size };
    }
    case 'scale':
      return { region, resize: box, output: box };
    case 'crop':
      return { region, ...cover(source, box, spec), output: box };
    case 'min': {
      // Crop to the requested aspect ratio but never beyond the source's own pixels.
      const aspect = box.width / box.height;
      const width = Math.min(box.width, source.width, source.height * aspect);
      const target = { width: clampDim(width), height: clampDim(width / aspect) };
      return { region, ...cover(source, target, spec), output: target };
    }
    case 'fill':
    case 'fillmax': {
      const size = scaled(source, spec.fit === 'fill' ? fitScale : Math.min(fitScale, 1));
      const padX = Math.max(0, box.width - size.width);
      const padY = Math.max(0, box.height - size.height);
      const pad = {
        left: Math.floor(padX / 2),
        right: Math.ceil(padX / 2),
        top: Math.floor(padY / 2),
        bottom: Math.ceil(padY / 2),
      };
      return { region, resize: size, pad, output: box };
    }
  }
}
