/**
 * Fails a browser test on any Content-Security-Policy violation: an init script in every page of a
 * context listens for `securitypolicyviolation` and hands each one to the test process, where
 * `problems()` lists what the policy blocked. A test that breaks the policy on purpose declares
 * the directive it expects to see violated; then that violation must happen, so the guard itself
 * is tested by it.
 */
import type { BrowserContext } from '@playwright/test';

export interface CspViolation {
  /** The directive that blocked it, e.g. `script-src-elem`. */
  directive: string;
  /** What was blocked: a URL, or `inline`, `eval`... */
  blocked: string;
  /** Where: the document (or script file) and line. */
  source: string;
  line: number;
  /** The page it happened on. */
  page: string;
}

export interface CspGuard {
  /** Every violation seen so far, in order. */
  readonly violations: readonly CspViolation[];
  /** This test breaks the policy on purpose: violations of `directive` are expected, and required. */
  expectViolation(directive: string): void;
  /** What is wrong: each unexpected violation, and each expected directive never violated. */
  problems(): string[];
}

const bindingName = '__reportCspViolation';

function describe(violation: CspViolation): string {
  return `${violation.directive} blocked ${violation.blocked || '(nothing named)'} on ${violation.page} (${violation.source}:${violation.line})`;
}

/** Starts watching every page of `context`, present and future. */
export async function guardCsp(context: BrowserContext): Promise<CspGuard> {
  const violations: CspViolation[] = [];
  const expected = new Set<string>();
  await context.exposeBinding(bindingName, (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript((name) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, ((violation: CspViolation) => void) | undefined>)[name];
        void report?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: event.sourceFile,
          line: event.lineNumber,
          page: document.location.href,
        });
      },
      true,
    );
  }, bindingName);
  return {
    violations,
    expectViolation(directive) {
      expected.add(directive);
    },
    problems() {
      const unexpected = violations.filter((violation) => !expected.has(violation.directive));
      const missing = [...expected].filter((directive) => !violations.some((v) => v.directive === directive));
      return [
        ...unexpected.map((violation) => `CSP violation: ${describe(violation)}`),
        ...missing.map((directive) => `expected a CSP violation of ${directive}, none was reported`),
      ];
    },
  };
}

/** Throws, listing them, when the guard found problems. */
export function assertNoCspProblems(guard: CspGuard): void {
  const problems = guard.problems();
  if (problems.length > 0) throw new Error(`Content-Security-Policy:\n  ${problems.join('\n  ')}`);
}
