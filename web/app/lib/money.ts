/** Money: the one definition is domain/money.ts, shared with the edge functions. */
export * from '../../../domain/money.ts';
