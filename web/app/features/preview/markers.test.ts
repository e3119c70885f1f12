import { describe, expect, it } from 'vitest';
import { previewMarkers } from './markers.server';

describe('previewMarkers', () => {
  it('marks the title and each block by its key, for the Studio to open', () => {
    const markers = previewMarkers({ _id: 'page-about', _type: 'page', pageBuilder: [{ _key: 'hero1' }] });
    expect(markers.title).toBe('id=page-about;type=page;path=title;base=%2F');
    expect(markers.blocks).toEqual({ hero1: 'id=page-about;type=page;path=pageBuilder:hero1;base=%2F' });
  });
});
