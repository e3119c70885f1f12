import { describe, expect, it } from 'vitest';
import { MANIFEST_COLOURS, SITE_ICONS } from '../../config/site-icons';
import { webAppManifest } from './web-app-manifest.server';

describe('webAppManifest', () => {
  it('names the app after the institute, with the icons and colours the browsers install it with', () => {
    const manifest = webAppManifest({ instituteName: 'Ascent', tagline: 'Practical training.' });
    expect(manifest).toMatchObject({
      name: 'Ascent',
      short_name: 'Ascent',
      description: 'Practical training.',
      start_url: '/',
      theme_color: MANIFEST_COLOURS.theme,
      background_color: MANIFEST_COLOURS.background,
    });
    expect(manifest.icons).toContainEqual({
      src: SITE_ICONS.any192,
      sizes: '192x192',
      type: 'image/png',
      purpose: 'any',
    });
    expect(manifest.icons).toContainEqual({
      src: SITE_ICONS.any512,
      sizes: '512x512',
      type: 'image/png',
      purpose: 'any',
    });
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('shortens a long name at a word for the home screen, and leaves out a missing tagline', () => {
    const manifest = webAppManifest({ instituteName: 'Ascent Training Institute', tagline: null });
    expect(manifest.name).toBe('Ascent Training Institute');
    expect(manifest.short_name).toBe('Ascent');
    expect(manifest).not.toHaveProperty('description');
    expect(webAppManifest({ instituteName: 'Supercalifragilistic' }).short_name).toBe('Supercalifra');
  });
});
