/**
 * A typed face for groq-js 2 (its published typings declare `evaluate` as `any`) plus the mapping
 * of its errors onto the shapes Sanity's query API returns.
 */
import { evaluate as untypedEvaluate, GroqSyntaxError, parse, type ExprNode } from 'groq-js';
import { budgetedDataset, defaultQueryBudget, QueryTooCostly, type QueryBudget } from './query-budget.ts';
import type { SanityDocument } from './types.ts';

export type QueryParams = Record<string, unknown>;

interface EvaluateOptions {
  dataset: readonly SanityDocument[];
  params: QueryParams;
}
type Evaluate = (tree: ExprNode, options: EvaluateOptions) => Promise<{ get(): Promise<unknown> }>;
const evaluateTree: Evaluate = untypedEvaluate;

/** What Sanity answers a query it cannot parse with (HTTP 400). */
export interface QueryParseError {
  type: 'queryParseError';
  description: string;
  query: string;
  start: number;
  end: number;
}

/** Any other failure to run a query; `type` is this lake's own, for what groq-js cannot evaluate. */
export interface QueryExecutionError {
  type: 'queryExecutionError';
  description: string;
}

export type QueryOutcome = { ok: true; result: unknown } | { ok: false; error: QueryParseError | QueryExecutionError };

/** Sanity's GROQ rejects a query naming a parameter it was not given; groq-js would yield null. */
function missingParameters(tree: unknown, params: QueryParams): string[] {
  const missing = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (record.type === 'Parameter' && typeof record.name === 'string' && !(record.name in params))
      missing.add(record.name);
    Object.values(record).forEach(visit);
  };
  visit(tree);
  return [...missing];
}

/** The span of the first occurrence of `needle` in the query, for the caret under the error. */
function spanOf(query: string, needle: string): { start: number; end: number } {
  const start = Math.max(0, query.indexOf(needle));
  return { start, end: Math.min(query.length, start + needle.length) };
}

/** groq-js gives a position only: underline the token that starts there. */
function tokenSpan(query: string, position: number): { start: number; end: number } {
  if (position >= query.length) return { start: Math.max(0, query.length - 1), end: query.length };
  const rest = /^\S+/.exec(query.slice(position));
  return { start: position, end: position + (rest?.[0].length ?? 1) };
}

function parseError(query: string, description: string, span: { start: number; end: number }): QueryOutcome {
  return { ok: false, error: { type: 'queryParseError', description, query, ...span } };
}

/** Maps a groq-js failure (at parse or evaluation time) to Sanity's error body. */
function failure(query: string, error: unknown): QueryOutcome {
  if (error instanceof QueryTooCostly) {
    return { ok: false, error: { type: 'queryExecutionError', description: error.message } };
  }
  if (error instanceof GroqSyntaxError) {
    const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '');
    return parseError(query, description, tokenSpan(query, error.position));
  }
  const message = error instanceof Error ? error.message : String(error);
  // groq-js calls these query errors; Sanity reports unknown functions as parse errors.
  const unknown = /^Undefined (function|namespace): (.+)$/.exec(message);
  if (unknown?.[1] && unknown[2])
    return parseError(query, `unknown ${unknown[1]} "${unknown[2]}"`, spanOf(query, unknown[2]));
  return {
    ok: false,
    error: {
      type: 'queryExecutionError',
      description: `The local content lake (groq-js) cannot run this query: ${message}`,
    },
  };
}

export async function runQuery(
  query: string,
  params: QueryParams,
  dataset: readonly SanityDocument[],
  budget: QueryBudget = defaultQueryBudget,
): Promise<QueryOutcome> {
  try {
    const tree = parse(query, { params });
    const [missing] = missingParameters(tree, params);
    if (missing !== undefined) {
      return parseError(query, `param $${missing} referenced, but not provided`, spanOf(query, `$${missing}`));
    }
    const value = await (await evaluateTree(tree, { dataset: budgetedDataset(dataset, budget), params })).get();
    return { ok: true, result: value ?? null };
  } catch (error) {
    return failure(query, error);
  }
}
