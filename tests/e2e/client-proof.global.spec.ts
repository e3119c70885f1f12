/**
 * Many people behind one address (issue 22, item 9: Kenyan mobile networks and offices share
 * one): past the network's free allowance of newsletter sign-ups the footer form still signs
 * people up, its browser solving a short proof of work (the solver's script loads only then),
 * while a script that does not solve is refused. Project `global-state`: its own stack, with the
 * real allowance (5 per 10 minutes), which the `site` specs lift for 127.0.0.1.
 */
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated as open } from './support/hydrated.ts';
import type { StackInfo } from './support/stack-info.ts';

const fn = 'functions/v1/send-newsletter-subscription-email';

/** A sign-up sent the way a script would: from this machine's address (the browser's too), no proof. */
async function scriptedSignUp(stack: StackInfo, email: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.apiUrl}/${fn}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: response.status, body: await response.json() };
}

/** The real allowance and ceiling, and no sign-ups from earlier specs in the window. */
async function realLimits(stack: StackInfo): Promise<void> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `update private.client_limits set max_without_proof = 5, max_per_client = 50 where write = 'newsletter'`,
    );
    await db.query('delete from private.newsletter_requests');
  } finally {
    await db.end();
  }
}

test('past the free allowance people still sign up (the browser solves a proof of work); a script that does not is refused', async ({
  page,
  stack,
}) => {
  // Three proofs of work solved in the browser on a busy machine, each a second or a few.
  test.setTimeout(120_000);
  await realLimits(stack);
  const tag = Date.now().toString(36);
  const address = (n: number) => `shared-network-${tag}-${n}@example.com`;
  // Five sign-ups from this address use the network's allowance.
  for (let n = 1; n <= 5; n += 1) expect((await scriptedSignUp(stack, address(n))).status).toBe(200);
  expect(await scriptedSignUp(stack, address(6))).toEqual({
    status: 429,
    body: expect.objectContaining({ success: false, reason: 'proof_required' }),
  });

  const solverScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/solve-[^/]*\.js$/.test(new URL(request.url()).pathname)) solverScripts.push(request.url());
  });
  await open(page, '/');
  expect(solverScripts).toEqual([]);

  const footer = page.locator('footer.site-footer');
  const field = footer.getByRole('textbox', { name: 'Email address' });
  const button = footer.getByRole('button', { name: /^Subscrib/ });
  const admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  for (const n of [7, 8, 9]) {
    await field.fill(address(n));
    await button.click();
    // Cleared once the sign-up succeeded (a refusal keeps the address and says why).
    await expect(field).toHaveValue('', { timeout: 30_000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully subscribed to our newsletter!' }).last(),
    ).toBeVisible();
    await expect
      .poll(async () => (await admin.from('newsletter_subscribers').select('status').eq('email', address(n))).data)
      .toEqual([{ status: 'pending' }]);
  }
  expect(solverScripts.length).toBeGreaterThan(0);

  // The script still may not: every proof was spent on the sign-up it came with.
  expect((await scriptedSignUp(stack, address(10))).status).toBe(429);
});
