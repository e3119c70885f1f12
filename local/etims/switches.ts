/**
 * The test switches: how the stand-in behaves now. `up` answers normally; `unavailable` answers
 * 503 to everything (a gateway in front of eTIMS that is down); `slow` does the work at once but
 * answers only after `delayMs` (the client gives up while the sale is already registered: the
 * case a retry must not register twice); `refusing` answers every eTIMS route with a result code
 * (default 999, eTIMS's unknown error). Connection refused is `down()` in index.ts.
 */
import { z } from 'zod';

export const switchRequest = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('up') }),
  z.object({ mode: z.literal('unavailable') }),
  z.object({ mode: z.literal('slow'), delayMs: z.number().int().min(0).max(600_000).default(5_000) }),
  z.object({
    mode: z.literal('refusing'),
    resultCd: z.enum(['901', '910', '991', '999']).default('999'),
  }),
]);

export type Mode = z.output<typeof switchRequest>;
export type ModeInput = z.input<typeof switchRequest>;
