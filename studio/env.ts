/** The studio's settings from SANITY_STUDIO_* variables (inlined at build time); every missing one is named. */
const PROJECT_ID = /^[a-z0-9][a-z0-9-]*$/;
const DATASET = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function read(name: string, pattern: RegExp, value: string | undefined, problems: string[]): string {
  if (!value) problems.push(`${name} is not set`);
  else if (!pattern.test(value)) problems.push(`${name}="${value}" is not valid (expected ${pattern})`);
  return value ?? '';
}

export interface StudioEnv {
  projectId: string;
  dataset: string;
  /** Sanity's API host; undefined for the hosted API. */
  apiHost: string | undefined;
  /** The local content lake's editor token, given to `sanity dev` only (local/studio.ts). */
  lakeToken: string | undefined;
  /** The offline content lake (SANITY_STUDIO_API_HOST=local), which lacks some hosted features. */
  localLake: boolean;
}

/**
 * SANITY_STUDIO_API_HOST: empty for Sanity's hosted API; `local` for the offline content lake that
 * serves this Studio (its origin, without the `<projectId>.` the client adds back); or a URL.
 */
function apiHostFrom(value: string | undefined, projectId: string, problems: string[]): string | undefined {
  if (!value) return undefined;
  if (value === 'local') {
    if (typeof window === 'undefined') return 'https://localhost';
    const host = window.location.host.startsWith(`${projectId}.`)
      ? window.location.host.slice(projectId.length + 1)
      : window.location.host;
    return `${window.location.protocol}//${host}`;
  }
  if (!/^https?:\/\/[^/]+$/.test(value))
    problems.push(`SANITY_STUDIO_API_HOST="${value}" is not "local", empty or an origin`);
  return value;
}

export function studioEnv(): StudioEnv {
  const problems: string[] = [];
  // Written out in full: the studio build replaces exactly `process.env.SANITY_STUDIO_<NAME>`.
  const projectId = read('SANITY_STUDIO_PROJECT_ID', PROJECT_ID, process.env.SANITY_STUDIO_PROJECT_ID, problems);
  const dataset = read('SANITY_STUDIO_DATASET', DATASET, process.env.SANITY_STUDIO_DATASET, problems);
  const apiHost = apiHostFrom(process.env.SANITY_STUDIO_API_HOST, projectId, problems);
  if (problems.length > 0) {
    throw new Error(
      `Sanity Studio settings missing or invalid:\n  ${problems.join('\n  ')}\n` +
        'Set them in the environment or in .env at the repository root (defaults: .env.example, "Sanity Studio").',
    );
  }
  const lakeToken = process.env.SANITY_STUDIO_LAKE_TOKEN || undefined;
  return { projectId, dataset, apiHost, lakeToken, localLake: process.env.SANITY_STUDIO_API_HOST === 'local' };
}
