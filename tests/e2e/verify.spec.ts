/**
 * Public certificate verification (issue 27, item 5): /verify takes a code and catches a typo by
 * its check symbol before any lookup; /verify/<code> says valid (name, program, dates, issuer,
 * "Add to LinkedIn"), revoked with when, or not found; axe finds nothing in either theme. The
 * certificate is arranged in the database (issuing is tested in supabase/tests/certificates.test.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import pg from 'pg';
import { CODE_ALPHABET, formatCertificateCode, generateCertificateCode } from '../../domain/certificate-code.ts';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules, type AxeResults } from './support/axe-scan.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { settle } from './support/settle.ts';
import type { StackInfo } from './support/stack-info.ts';

/** Every browser test connects from 127.0.0.1: one client to the verification limit. */
async function withDatabase<T>(stack: StackInfo, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** A certificate for the seat of a freshly placed order, as issuing would write it. */
async function arrangeCertificate(stack: StackInfo, holderName: string): Promise<string> {
  const order = await placeOrder(stack);
  const code = generateCertificateCode();
  await withDatabase(stack, (db) =>
    db.query(
      `insert into public.certificates (code, participant_id, holder_name, program_id, program_title, intake_id,
         starts_on, ends_on, hours, issued_at)
       select $1, p.id, $2, i.program_id, i.title, i.intake_id, t.starts_on, t.ends_on, 40, '2026-11-20T09:00:00Z'
         from public.orders o join public.order_items i on i.order_id = o.id
         join public.order_participants p on p.order_item_id = i.id
         join public.program_intakes t on t.id = i.intake_id
        where o.reference = $3`,
      [code, holderName, order.reference],
    ),
  );
  return code;
}

/** The code with one symbol changed: what a typo makes. */
function withOneChange(code: string, position: number): string {
  const symbol = CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[position]!) + 1) % CODE_ALPHABET.length]!;
  return code.slice(0, position) + symbol + code.slice(position + 1);
}

/** Counts the page's calls to verify_certificate. */
function countLookups(page: Page): () => number {
  let lookups = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rpc/verify_certificate')) lookups += 1;
  });
  return () => lookups;
}

test.beforeAll(async ({ stack }) => {
  await allowManyOrders(stack);
  await withDatabase(stack, (db) =>
    db.query(
      `update private.client_limits set max_per_client = 100000, max_without_proof = 100000
        where write = 'certificate_verification'`,
    ),
  );
});

test('a typed code is checked before lookup, then a valid certificate shows its facts and Add to LinkedIn', async ({
  page,
  stack,
}) => {
  const code = await arrangeCertificate(stack, 'Achieng Otieno');
  const printed = formatCertificateCode(code);
  const lookups = countLookups(page);

  await openHydrated(page, '/verify');
  const field = page.getByRole('textbox', { name: 'Certificate code' });
  await field.fill(formatCertificateCode(withOneChange(code, 5)));
  await page.getByRole('button', { name: 'Check certificate' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This code has a typing error/);
  await expect(page.getByRole('textbox', { name: 'Certificate code' })).toHaveAttribute('aria-invalid', 'true');
  expect(lookups()).toBe(0);

  // Lower case, spaces instead of hyphens: the same code.
  await page.getByRole('textbox', { name: 'Certificate code' }).fill(printed.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Check certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${printed}$`));
  const outcome = page.getByRole('status');
  await expect(outcome).toContainText('Valid.', { timeout: 15_000 });
  await expect(outcome).toContainText('Achieng Otieno');
  await expect(outcome).toContainText('Executive Leadership Programme');
  await expect(outcome).toContainText('20 Nov 2026');
  await expect(outcome).toContainText('Ascent');
  await expect(outcome).not.toContainText('@');

  const linkedIn = new URL((await page.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href'))!);
  expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
    startTask: 'CERTIFICATION_NAME',
    name: 'Executive Leadership Programme',
    organizationName: 'Ascent',
    issueYear: '2026',
    issueMonth: '11',
    certUrl: expect.stringMatching(new RegExp(`/verify/${printed}$`)),
    certId: printed,
  });
});

test('the signed credential downloads from the page and verifies against /.well-known/jwks.json; a changed byte does not', async ({
  page,
  request,
  stack,
}) => {
  const code = await arrangeCertificate(stack, 'Daudi Mwangi');
  const printed = formatCertificateCode(code);
  await page.goto(`/verify/${printed}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download the signed credential/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${printed}.json`);
  const enveloped = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    type: string;
    id: string;
  };
  expect(enveloped.type).toBe('EnvelopedVerifiableCredential');
  const jwt = enveloped.id.replace(/^data:application\/vc\+jwt,/, '');

  const jwks = (await (await request.get('/.well-known/jwks.json')).json()) as JSONWebKeySet;
  expect(jwks.keys[0]).not.toHaveProperty('d');
  const { payload, protectedHeader } = await compactVerify(jwt, createLocalJWKSet(jwks));
  expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
  const credential = JSON.parse(new TextDecoder().decode(payload)) as {
    id: string;
    type: string[];
    credentialSubject: { identifier: Array<{ identityHash: string }>; achievement: { name: string } };
  };
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(credential.id).toBe(`${stack.webUrl}/verify/${printed}`);
  expect(credential.credentialSubject.identifier[0]!.identityHash).toBe('Daudi Mwangi');
  expect(credential.credentialSubject.achievement.name).toBe('Executive Leadership Programme');

  const [header, body, signature] = jwt.split('.') as [string, string, string];
  const changed = Buffer.from(body, 'base64url');
  changed[changed.indexOf('Daudi')] = 'M'.charCodeAt(0);
  await expect(
    compactVerify(`${header}.${changed.toString('base64url')}.${signature}`, createLocalJWKSet(jwks)),
  ).rejects.toThrow(/signature verification failed/);

  // Revoked: no new credential.
  await withDatabase(stack, (db) =>
    db.query(`update public.certificates set revoked_at = now(), revoked_reason = 'Test' where code = $1`, [code]),
  );
  expect((await request.get(`/verify/${printed}/credential`)).status()).toBe(410);
});

test('a revoked certificate says so and when; an unknown valid-looking code is not found; a typo in the URL is caught', async ({
  page,
  stack,
}) => {
  const code = await arrangeCertificate(stack, 'Brian Kamau');
  await withDatabase(stack, (db) =>
    db.query(
      `update public.certificates set revoked_at = '2026-11-25T10:00:00Z', revoked_reason = 'Issued in error' where code = $1`,
      [code],
    ),
  );
  await page.goto(`/verify/${formatCertificateCode(code)}`);
  await expect(page.getByRole('status')).toContainText('Revoked. This certificate was revoked on 25 Nov 2026', {
    timeout: 15_000,
  });
  await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);

  let unknown = generateCertificateCode();
  while (unknown === code) unknown = generateCertificateCode();
  await page.goto(`/verify/${formatCertificateCode(unknown)}`);
  await expect(page.getByRole('status')).toContainText(
    `Not found. No certificate has the code ${formatCertificateCode(unknown)}`,
    {
      timeout: 15_000,
    },
  );

  const lookups = countLookups(page);
  await page.goto(`/verify/${formatCertificateCode(withOneChange(code, 11))}`);
  await expect(page.getByText(/This code has a typing error/)).toBeVisible();
  expect(lookups()).toBe(0);
});

const scan: Record<Theme, (page: Page) => Promise<AxeResults>> = { light: scanAllRules, dark: scanThemeDependentRules };

for (const theme of ['light', 'dark'] as const) {
  test(`/verify and its answers have no axe violations (${theme})`, async ({ page, stack, setTheme }) => {
    const code = await arrangeCertificate(stack, 'Chebet Rono');
    await setTheme(page, theme);
    const screens: Array<[string, RegExp | null]> = [
      ['/verify', null],
      [`/verify?code=${withOneChange(code, 2)}`, null],
      [`/verify/${formatCertificateCode(code)}`, /Valid\./],
      [`/verify/${formatCertificateCode(generateCertificateCode())}`, /Not found\.|Valid\./],
    ];
    for (const [path, settled] of screens) {
      await openHydrated(page, path);
      if (settled) await expect(page.getByRole('status')).toContainText(settled, { timeout: 15_000 });
      await settle(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
      const { violations } = await scan[theme](page);
      expect(violations.length, `${path} (${theme}):\n${describeViolations(violations)}`).toBe(0);
    }
  });
}
