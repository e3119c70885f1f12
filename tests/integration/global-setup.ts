/** Starts the local stack, website included, once for the integration tests. */
import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/test-stack.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startTestStack();
  project.provide('stack', stack.info);
  return () => stack.stop();
}
