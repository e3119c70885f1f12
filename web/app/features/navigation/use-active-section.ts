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
  // What was measured, and for which page and ids: a measurement never outlives them.
  const [measured, setMeasured] = useState<{ for: string; id: string | null } | null>(null);
  const idList = ids.join(' ');
  const measuredFor = `${pageKey} ${idList}`;
  useEffect(() => {
    const list = idList ? idList.split(' ') : [];
    if (list.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setMeasured({ for: measuredFor, id: measure(list) });
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
  }, [idList, measuredFor]);
  return measured?.for === measuredFor ? measured.id : null;
}
