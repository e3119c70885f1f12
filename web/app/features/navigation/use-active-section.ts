/** The id among `ids` of the section crossing the viewport's middle, re-measured on scroll and resize. */
import { useEffect, useState } from 'react';
import { sectionAtMiddle, type SectionBox } from './active-section';

function measure(ids: readonly string[]): string | null {
  const boxes: SectionBox[] = [];
  for (const id of ids) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect) boxes.push({ id, top: rect.top, bottom: rect.bottom });
  }
  return sectionAtMiddle(boxes, window.innerHeight);
}

/** `pageKey` (the pathname) makes it re-measure when a new page with the same ids renders. */
export function useActiveSection(ids: readonly string[], pageKey: string): string | null {
  const [active, setActive] = useState<string | null>(null);
  const idList = ids.join(' ');
  useEffect(() => {
    const list = idList ? idList.split(' ') : [];
    if (list.length === 0) {
      setActive(null);
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(measure(list));
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
  }, [idList, pageKey]);
  return active;
}
