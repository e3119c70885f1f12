import { describe, expect, it } from 'vitest';
import { slugFromTitle } from './slug';

describe('slugFromTitle', () => {
  it('makes the slug the event rule makes', () => {
    expect(slugFromTitle('Project Management & Leadership')).toBe('project-management-leadership');
    expect(slugFromTitle('  --HR 101: Basics!  ')).toBe('hr-101-basics');
    expect(slugFromTitle('Café Leadership')).toBe('cafe-leadership');
  });

  it('is at most 80 characters and never ends in a hyphen', () => {
    const slug = slugFromTitle(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugFromTitle('x'.repeat(100))).toHaveLength(80);
  });
});
