/** What the integration tests learn about the running stack (see global-setup.ts). */
import { inject } from 'vitest';
import type { StackInfo as TestStackInfo } from '../support/test-stack.ts';

/** The stack as tests/support/test-stack.ts starts it, website included. */
export type StackInfo = TestStackInfo;

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export function stackInfo(): StackInfo {
  return inject('stack');
}
