/**
 * The seeded events happen at Nairobi times (Africa/Nairobi, EAT): breakfast briefings start at
 * 07:00 EAT, not three hours later, and every event starts within a working day's hours there.
 */
import { expect, test } from './fixtures.ts';
import { openLoaded } from './support/hydrated.ts';

const nairobiTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

test('the breakfast events show 07:00–10:00 EAT on /events', async ({ page }) => {
  await openLoaded(page, '/events');
  for (const title of ['IFRS 17 Breakfast Briefing', 'SACCO Leaders Breakfast']) {
    const event = page.locator('.event').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(event.locator('.event__when')).toHaveText(/, 07:00–10:00 EAT$/);
  }
});

test('every seeded event starts between 07:00 and 18:00 Nairobi time', async ({ serviceRole }) => {
  const { data, error } = await serviceRole.from('events').select('title, starts_at, ends_at');
  if (error) throw new Error(error.message);
  expect(data.length).toBeGreaterThan(5);
  for (const event of data) {
    const starts = nairobiTime.format(new Date(event.starts_at));
    expect(starts >= '07:00' && starts <= '18:00', `${event.title} starts at ${starts} EAT`).toBe(true);
  }
});
