/**
 * What the production server takes from the app's server entry (app/entry.server.tsx) besides
 * rendering: the maintenance check, which the page cache asks before replaying a page.
 */
import type { ServerBuild } from 'react-router';

export function maintenanceCheck(build: ServerBuild): () => Promise<boolean> {
  const entry = build.entry.module;
  const check = 'maintenanceActive' in entry ? entry.maintenanceActive : undefined;
  if (typeof check !== 'function')
    throw new Error('The server build does not export maintenanceActive (entry.server.tsx)');
  return async () => {
    const active: unknown = await Reflect.apply(check, undefined, []);
    return active === true;
  };
}
