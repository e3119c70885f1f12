/**
 * Sanity Studio for Ascent: schema from ../schemas, desk structure with singletons, GROQ playground
 * (Vision). Served under /studio (sanity.cli.ts), against the API host SANITY_STUDIO_API_HOST names (hosted or the
 * offline content lake).
 */
import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { visionTool } from '@sanity/vision';
import { schemaTypes } from '../schemas/index.ts';
import { singletonTypeNames, structure } from './structure.ts';
import { studioEnv } from './env.ts';
import { workspaceFeatures } from './workspace-features.ts';
import { websitePresentation } from './presentation.ts';
import { scheduledPublishing } from './scheduled-publishing/index.ts';

const env = studioEnv();
const { projectId, dataset, apiHost, lakeToken } = env;

// `sanity dev` against the local content lake: the Studio signs in with the lake's token the way
// it keeps a hosted token (its per-project localStorage entry), as the lake's own origin has the
// cookie instead. Never set in a build.
if (lakeToken && typeof window !== 'undefined') {
  window.localStorage.setItem(`__studio_auth_token_${projectId}`, JSON.stringify({ token: lakeToken }));
}

/** Actions a singleton keeps: no duplicate, no delete, no unpublish. */
const SINGLETON_ACTIONS = new Set(['publish', 'discardChanges', 'restore']);

export default defineConfig({
  name: 'default',
  title: 'Ascent',
  projectId,
  dataset,
  ...(apiHost ? { apiHost } : {}),
  // GROQ `match` search: works on the hosted API and offline (groq-js has no text::query).
  search: { strategy: 'groqLegacy' },
  // Releases need the hosted API: hidden offline, kept for a hosted project.
  ...workspaceFeatures(env),
  plugins: [
    structureTool({ structure }),
    websitePresentation(),
    visionTool({ defaultApiVersion: '2025-02-19' }),
    scheduledPublishing(),
  ],
  schema: {
    types: schemaTypes,
    // Singletons are reached through their fixed desk item, never created from a template.
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypeNames.has(schemaType)),
  },
  document: {
    newDocumentOptions: (prev, { creationContext }) =>
      creationContext.type === 'global' ? prev.filter((item) => !singletonTypeNames.has(item.templateId)) : prev,
    actions: (prev, { schemaType }) =>
      singletonTypeNames.has(schemaType) ? prev.filter(({ action }) => action && SINGLETON_ACTIONS.has(action)) : prev,
  },
});
