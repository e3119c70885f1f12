/** Reads a function's settings on either runtime: Deno (hosted Edge Functions) or Node (local runner). */

// Minimal, module-local views of the two runtimes' globals: enough to type-check under Node's
// toolchain and under Deno alike, without pulling either runtime's full typings into the other.
declare const Deno: { env: { get(name: string): string | undefined } } | undefined;
declare const process: { env: Record<string, string | undefined> } | undefined;

/** The setting's value, or undefined when unset or empty. */
export function getEnv(name: string): string | undefined {
  const value =
    typeof Deno !== 'undefined' ? Deno.env.get(name) : typeof process !== 'undefined' ? process.env[name] : undefined;
  return value === '' ? undefined : value;
}

/** The setting's value; throws naming the setting when it is missing (a deployment mistake). */
export function requireEnv(name: string): string {
  const value = getEnv(name);
  if (value !== undefined) return value;
  throw new Error(`Missing setting ${name}: set it as a function secret (supabase secrets set)`);
}
