/** The messages between the soak (stack-client.ts) and its stack's process (stack-process.ts). */
import type { FaultMode } from '../../tests/support/fault-proxy.ts';
import type { SoakStack } from './soak-stack.ts';

export type StackCommand =
  | { name: 'killPostgres' | 'startPostgres' | 'stopSmtp' | 'startSmtp' | 'startColdWebsite' | 'mailWorkerPid' }
  | { name: 'contentMode'; mode: FaultMode }
  | { name: 'stopColdWebsite'; url: string };

/** What the stack's process tells about itself: the URLs and keys, without the controls. */
export type StackInfo = Omit<
  SoakStack,
  'killPostgres' | 'startPostgres' | 'setContentMode' | 'mail' | 'mailWorkerPid' | 'coldWebsite' | 'stop'
>;

export type StackMessage =
  | { type: 'log'; line: string }
  | { type: 'ready'; info: StackInfo }
  | { type: 'reply'; id: number; result?: string; error?: string };
