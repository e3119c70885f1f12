/**
 * Follows which of the sections `ids` crosses the viewport's middle, re-measured on scroll and
 * resize (loaded by use-active-section.ts only on a page whose menu links to its sections).
 */
import { sectionAtMiddle, type SectionBox } from './active-section';

function measure(ids: readonly string[]): string | null {
  const boxes: SectionBox[] = [];
  for (const id of ids) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect) boxes.push({ id, top: rect.top, bottom: rect.bottom });
  }
  return sectionAtMiddle(boxes, window.innerHeight);
}

/** Reports the section in view now and after every scroll or resize; returns what stops it. */
export function watchSections(ids: readonly string[], report: (id: string | null) => void): () => void {
  let frame = 0;
  const update = () => {
    frame = 0;
    report(measure(ids));
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  update();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  return () => {
    if (frame) cancelAnimationFrame(frame);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
  };
}
