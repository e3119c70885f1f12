import { describe, expect, it } from 'vitest';
import { isOverdue } from './due-date';

describe('isOverdue', () => {
  it('is overdue once the due instant has passed, not before', () => {
    const now = new Date('2026-12-12T09:00:00Z');
    expect(isOverdue('2026-12-12T08:59:59Z', now)).toBe(true);
    expect(isOverdue('2026-12-12T09:00:01Z', now)).toBe(false);
  });
});
