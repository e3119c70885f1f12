/**
 * The buyer's details on an order's confirmation, at a phone's and a desktop's width: the e-mail
 * address wraps only between its parts (never mid-word; on a desktop not at all) and the phone
 * reads as Kenyans write it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the confirmation shows the e-mail unbroken and the phone readable (${viewport.width} px)`, async ({
    page,
    stack,
  }) => {
    const email = `wanjiru.kamau.${randomUUID().slice(0, 6)}@kamau-holdings.example.com`;
    const { token } = await placeOrder(stack, { email });
    await page.setViewportSize(viewport);
    await page.goto(`/order-confirmation?token=${token}`);
    const details = page.getByRole('region', { name: 'Your details' });
    const value = (term: string) =>
      details.locator('div', { has: page.locator('dt', { hasText: term }) }).locator('dd');
    await expect(value('Phone')).toHaveText('+254 712 345 678');
    await expect(value('E-mail')).toHaveText(email);

    // The address's text as the browser lays it out, line by line.
    const lines = await value('E-mail').evaluate((dd) => {
      const text = dd.textContent ?? '';
      const node = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
      const found: Array<{ top: number; char: string }> = [];
      for (let current = node.nextNode(); current; current = node.nextNode()) {
        for (let i = 0; i < (current.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(current, i);
          range.setEnd(current, i + 1);
          found.push({ top: Math.round(range.getBoundingClientRect().top), char: current.textContent![i]! });
        }
      }
      const rows: string[] = [];
      let top: number | undefined;
      for (const { top: charTop, char } of found) {
        if (top === undefined || charTop > top + 2) rows.push('');
        top = charTop;
        rows[rows.length - 1] += char;
      }
      return { text, rows };
    });
    expect(lines.rows.join('')).toBe(email);
    if (viewport.width >= 1280) expect(lines.rows, 'one line on a desktop').toHaveLength(1);
    for (const [index, row] of lines.rows.slice(0, -1).entries()) {
      const next = lines.rows[index + 1]!;
      // After the "@", before a dot, or after a hyphen (where any hyphenated word may wrap): never mid-word.
      expect(/[@-]$/.test(row) || next.startsWith('.'), `wraps between "${row}" and "${next}"`).toBe(true);
    }
  });
}
