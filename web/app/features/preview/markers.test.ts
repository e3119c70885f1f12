import { describe, expect, it } from 'vitest';
import { previewMarkers, previewRevision } from './markers.server';

describe('previewMarkers', () => {
  it('marks the title and each block by its key, for the Studio to open', () => {
    const markers = previewMarkers({ _id: 'page-about', _type: 'page', pageBuilder: [{ _key: 'hero1' }] });
    expect(markers.title).toBe('id=page-about;type=page;path=title;base=%2F');
    expect(markers.blocks).toEqual({ hero1: 'id=page-about;type=page;path=pageBuilder:hero1;base=%2F' });
  });

  it("marks each block's text fields, for the Studio to focus, and nothing else of the block", () => {
    const hero = {
      _key: 'hero1',
      _type: 'hero',
      heading: 'Practitioners who teach',
      text: 'Intro',
      image: { asset: {} },
    };
    const markers = previewMarkers({ _id: 'page-about', _type: 'page', pageBuilder: [hero] });
    expect(markers.fields).toEqual({
      hero1: {
        heading: 'id=page-about;type=page;path=pageBuilder:hero1.heading;base=%2F',
        text: 'id=page-about;type=page;path=pageBuilder:hero1.text;base=%2F',
      },
    });
  });
});

describe('previewRevision', () => {
  it('changes with any change of the content and not otherwise', () => {
    const page = { _id: 'page-about', pageBuilder: [{ _key: 'hero1', heading: 'Before' }] };
    const same = structuredClone(page);
    const edited = { ...page, pageBuilder: [{ _key: 'hero1', heading: 'Before!' }] };
    expect(previewRevision(same)).toBe(previewRevision(page));
    expect(previewRevision(edited)).not.toBe(previewRevision(page));
  });
});
