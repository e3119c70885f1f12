/** Which section is "in view": the one crossing the vertical middle of the viewport. */

export interface SectionBox {
  id: string;
  /** Viewport-relative top and bottom, as getBoundingClientRect gives them. */
  top: number;
  bottom: number;
}

/**
 * The id of the section whose box contains the viewport's middle line. When several do (nested
 * or overlapping sections), the one starting lowest wins, being the most specific. Null when
 * the middle falls between sections or there are none.
 */
export function sectionAtMiddle(boxes: readonly SectionBox[], viewportHeight: number): string | null {
  const middle = viewportHeight / 2;
  let chosen: SectionBox | null = null;
  for (const box of boxes) {
    if (box.top <= middle && box.bottom > middle && (!chosen || box.top >= chosen.top)) chosen = box;
  }
  return chosen?.id ?? null;
}
