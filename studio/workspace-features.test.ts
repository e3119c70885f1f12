/** The Releases tab shows only where releases work: hidden against the offline lake, kept for a hosted project. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studioEnv } from './env.ts';
import { workspaceFeatures } from './workspace-features.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

function featuresWith(apiHost: string) {
  vi.stubEnv('SANITY_STUDIO_PROJECT_ID', 'ascent');
  vi.stubEnv('SANITY_STUDIO_DATASET', 'production');
  vi.stubEnv('SANITY_STUDIO_API_HOST', apiHost);
  return workspaceFeatures(studioEnv());
}

describe('studio workspace features', () => {
  it('hides releases and scheduled drafts against the local content lake', () => {
    expect(featuresWith('local')).toEqual({ releases: { enabled: false }, scheduledDrafts: { enabled: false } });
  });

  it('keeps them for a hosted project', () => {
    expect(featuresWith('')).toEqual({ releases: { enabled: true }, scheduledDrafts: { enabled: true } });
  });
});
