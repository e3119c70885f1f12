/**
 * Bounds the cost of one GROQ query on the local lake. groq-js evaluates in microtasks, so a
 * query holds the process (the same one that serves auth and the gateway) until it ends: every
 * document a query visits is counted, and once it has visited too many or run too long it is
 * stopped with an error, as Sanity stops queries over its own limits.
 */

export interface QueryBudget {
  /** Document visits allowed (each time any `*` or dereference walks past one document). */
  maxVisits: number;
  /** Wall-clock milliseconds allowed. */
  maxMs: number;
}

/** Every query the site and the Studio make visits thousands of documents at most; groq-js visits ~2.5 million a second. */
export const defaultQueryBudget: QueryBudget = { maxVisits: 1_000_000, maxMs: 1000 };

export class QueryTooCostly extends Error {
  constructor(budget: QueryBudget, reason: 'visits' | 'time') {
    super(
      reason === 'visits'
        ? `Query too costly: it visited more than ${budget.maxVisits} documents`
        : `Query too costly: it ran longer than ${budget.maxMs} ms`,
    );
    this.name = 'QueryTooCostly';
  }
}

/** How many visits pass between two looks at the clock. */
const clockEvery = 1024;

/**
 * The documents as an array that counts its own iteration: groq-js walks the dataset with
 * for...of, so every walk over `*` (nested ones included) passes through here.
 */
export function budgetedDataset<T>(docs: readonly T[], budget: QueryBudget = defaultQueryBudget): T[] {
  const deadline = performance.now() + budget.maxMs;
  let visits = 0;
  const visit = () => {
    visits += 1;
    if (visits > budget.maxVisits) throw new QueryTooCostly(budget, 'visits');
    if (visits % clockEvery === 0 && performance.now() > deadline) throw new QueryTooCostly(budget, 'time');
  };
  class Budgeted extends Array<T> {
    override *[Symbol.iterator](): ArrayIterator<T> {
      for (let i = 0; i < this.length; i++) {
        visit();
        yield this[i] as T;
      }
      return undefined;
    }
  }
  return Budgeted.from(docs);
}
