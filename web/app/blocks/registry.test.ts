/** The registry has exactly one component for every block in the schema's one list. */
import { describe, expect, it } from 'vitest';
import { blockTypeNames } from '../../../schemas/blocks/index.ts';
import { blocks, isKnownBlockType } from './registry.ts';
import { serverBlocks } from './server-blocks.server.ts';

describe('block registry', () => {
  it('covers every schema block and nothing else', () => {
    expect(Object.keys(blocks).sort()).toEqual([...blockTypeNames].sort());
  });

  it('maps each block to a component', () => {
    // A function component, or React's lazy/memo wrapper of one (a block that loads its own code).
    const isComponent = (value: unknown) =>
      typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
    for (const [type, component] of Object.entries(blocks)) expect(isComponent(component), type).toBe(true);
  });

  it('knows its own types only', () => {
    expect(isKnownBlockType('hero')).toBe(true);
    expect(isKnownBlockType('carousel')).toBe(false);
    expect(isKnownBlockType('toString')).toBe(false);
  });

  it('has a server component for every block except the live ones and the enquiry form, which render in the browser', () => {
    const live = ['eventList', 'programList', 'serviceList', 'stats', 'enquiryForm'];
    expect(Object.keys(serverBlocks).sort()).toEqual(blockTypeNames.filter((name) => !live.includes(name)).sort());
  });
});
