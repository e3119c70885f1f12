/**
 * Each edge function runs the same package versions in Deno (deployed and in the local stack,
 * through its deno.json `npm:` pins) as in its unit tests (Node, through package.json): the pins
 * must agree, and every package the function's code imports must be pinned.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../local/env.ts';

const functionsDir = join(repoRoot, 'supabase', 'functions');
const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const nodeVersions: Record<string, string> = { ...packageJson.devDependencies, ...packageJson.dependencies };

const functionNames = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);

/** `npm:<name>@<version>` (names may be scoped), or null for any other specifier. */
function npmPin(specifier: string): { name: string; version: string } | null {
  const match = /^npm:((?:@[^/@]+\/)?[^/@]+)@([^/]+)$/.exec(specifier);
  return match ? { name: match[1]!, version: match[2]! } : null;
}

/** Every module specifier a file imports, statically or dynamically (type-only imports included). */
function specifiers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found = [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g),
  ];
  return found.map((match) => match[1] ?? match[2] ?? '');
}

/** The bare package imports reached from the function's entry point, through its relative imports. */
function packagesImported(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiers(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else if (!/^(npm|jsr|node|https?):/.test(specifier)) packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('edge function pins', () => {
  it('finds the functions to check', () => {
    expect(functionNames).toContain('send-newsletter-subscription-email');
  });

  it.each(functionNames)("%s: deno.json's npm: pins equal package.json's versions", (name) => {
    const denoJson = join(functionsDir, name, 'deno.json');
    const imports: Record<string, string> = existsSync(denoJson)
      ? ((JSON.parse(readFileSync(denoJson, 'utf8')) as { imports?: Record<string, string> }).imports ?? {})
      : {};
    for (const [key, specifier] of Object.entries(imports)) {
      const pin = npmPin(specifier);
      expect(pin, `${name}/deno.json "${key}": "${specifier}" must be npm:<package>@<exact version>`).not.toBeNull();
      expect(
        pin?.version,
        `${name}/deno.json pins ${pin?.name}; package.json has ${nodeVersions[pin?.name ?? '']}`,
      ).toBe(nodeVersions[pin?.name ?? '']);
    }
    // A bare import without a mapping fails on deploy, though Node resolves it from node_modules.
    for (const imported of packagesImported(join(functionsDir, name, 'index.ts'))) {
      // Import-map rules: an exact key, or a key ending in '/' for the package's subpaths.
      const mapped = Object.keys(imports).some(
        (key) => imported === key || (key.endsWith('/') && imported.startsWith(key)),
      );
      expect(mapped, `${name} imports "${imported}", which its deno.json does not map`).toBe(true);
    }
  });

  it('reads scoped and plain npm: pins, and nothing else as one', () => {
    expect(npmPin('npm:@supabase/supabase-js@2.119.0')).toEqual({ name: '@supabase/supabase-js', version: '2.119.0' });
    expect(npmPin('npm:nodemailer@10.6.0')).toEqual({ name: 'nodemailer', version: '10.6.0' });
    expect(npmPin('jsr:@std/assert@1')).toBeNull();
  });
});
