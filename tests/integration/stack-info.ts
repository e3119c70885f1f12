/** What the integration tests learn about the running stack (see global-setup.ts). */
import { inject } from 'vitest';

export interface StackInfo {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  databaseUrl: string;
  mailApiUrl: string;
  contentUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export function stackInfo(): StackInfo {
  return inject('stack');
}
