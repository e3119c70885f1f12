/** Vitest global setup of the unit project: one embedded PostgreSQL for every test file (see shared-postgres.ts). */
import type { TestProject } from 'vitest/node';
import { startSharedCluster } from './shared-postgres.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startSharedCluster();
  project.provide('sharedPostgres', { adminUrl: cluster.adminUrl });
  return () => cluster.stop();
}
