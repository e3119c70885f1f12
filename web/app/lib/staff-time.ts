/** Staff dates and times: the one definition is domain/dates.ts, shared with the edge functions. */
export * from '../../../domain/dates.ts';
