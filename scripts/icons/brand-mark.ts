/**
 * The logo's mark (the stepped peak and the rising line) without the word, as square SVG icons:
 * the shapes are taken from the logo file itself, so the icons follow the brand's own drawing.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BrandMark {
  /** The logo's shapes (<polygon>, <path>, ...), the word and title left out. */
  shapes: string;
  /** Where they lie in the logo's coordinates, strokes included. */
  box: Box;
}

const shapeTag = /<(polygon|path|circle|rect|ellipse|line|polyline)\b[^>]*\/>/g;
/** The word, drawn as outlines (a logo does not depend on the visitor's fonts), or as text. */
const wordGroup = /<g id="word">[\s\S]*?<\/g>|<text\b[\s\S]*?<\/text>/g;

/** Every coordinate pair a shape's `points` or `d` names (absolute commands, as the logo draws). */
function coordinates(shape: string): Array<[number, number]> {
  const source = /\s(?:points|d)="([^"]*)"/.exec(shape)?.[1] ?? '';
  const numbers = (source.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) pairs.push([numbers[i]!, numbers[i + 1]!]);
  return pairs;
}

export function brandMark(logoSvg: string): BrandMark {
  const shapes = logoSvg.replace(wordGroup, '').match(shapeTag) ?? [];
  if (!shapes.length) throw new Error('The logo has no shapes to make an icon from');
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const shape of shapes) {
    const halfStroke = Number(/\sstroke-width="([\d.]+)"/.exec(shape)?.[1] ?? 0) / 2;
    for (const [x, y] of coordinates(shape)) {
      minX = Math.min(minX, x - halfStroke);
      minY = Math.min(minY, y - halfStroke);
      maxX = Math.max(maxX, x + halfStroke);
      maxY = Math.max(maxY, y + halfStroke);
    }
  }
  return { shapes: shapes.join(''), box: { x: minX, y: minY, width: maxX - minX, height: maxY - minY } };
}

export interface IconOptions {
  /** Margin around the mark, as a share of the icon's side (0.1 = 10% on each side). */
  margin: number;
  /** A full-bleed background colour (opaque icons), or none (transparent). */
  background?: string;
}

/** A square SVG with the mark centred in it. */
export function markIconSvg(mark: BrandMark, { margin, background }: IconOptions): string {
  const { box } = mark;
  const side = Math.max(box.width, box.height) / (1 - 2 * margin);
  const x = box.x + box.width / 2 - side / 2;
  const y = box.y + box.height / 2 - side / 2;
  const round = (n: number) => Number(n.toFixed(2));
  const viewBox = [x, y, side, side].map(round).join(' ');
  const fill = background
    ? `<rect x="${round(x)}" y="${round(y)}" width="${round(side)}" height="${round(side)}" fill="${background}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${fill}${mark.shapes}</svg>\n`;
}
