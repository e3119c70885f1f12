/** How a Playwright worker learns about the stack that global-setup.ts started. */
import type { StackInfo } from '../../support/test-stack.ts';

export type { StackInfo };

export const stackEnvVar = 'ASCENT_E2E_STACK';

/** The running stack; throws with a hint when the suite was not started through playwright.config.ts. */
export function stackInfo(): StackInfo {
  const json = process.env[stackEnvVar];
  if (!json)
    throw new Error(
      `${stackEnvVar} is not set: run the suite with \`npm run test:e2e\` (its global setup starts the stack)`,
    );
  return JSON.parse(json) as StackInfo;
}
