/**
 * Studio features by where the content lives: the offline content lake has no Releases (nor
 * scheduled drafts) API, so the Studio hides them against it; a hosted project keeps them. Driven
 * by SANITY_STUDIO_API_HOST, the same setting that points the Studio at the lake.
 */
export interface WorkspaceFeatures {
  releases: { enabled: boolean };
  scheduledDrafts: { enabled: boolean };
}

export function workspaceFeatures({ localLake }: { localLake: boolean }): WorkspaceFeatures {
  return { releases: { enabled: !localLake }, scheduledDrafts: { enabled: !localLake } };
}
