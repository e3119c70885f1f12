/**
 * Staff times are Nairobi time (EAT), labelled, whatever the browser's time zone: a browser in UTC
 * or in Los Angeles sees an 08:00 EAT event as 08:00 EAT in the list and in the form, and typing
 * 09:00 publishes 09:00 EAT (06:00 UTC), not 09:00 of the browser's zone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './support/staff.ts';

for (const timezoneId of ['UTC', 'America/Los_Angeles']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('shows and takes event times in Nairobi time, labelled', async ({ page, serviceRole }) => {
      const title = `E2E summit ${randomUUID().slice(0, 8)}`;
      const { data: event, error } = await serviceRole
        .from('events')
        .insert({
          title,
          description: 'A summit at 08:00 Nairobi time.',
          venue: 'Nairobi',
          mode: 'in-person',
          starts_at: '2027-03-02T05:00:00Z', // 08:00 EAT
          ends_at: '2027-03-02T14:00:00Z',
          is_published: false,
        })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      try {
        await signInAsStaff(page);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);

        await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
        await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('2 Mar 2027, 08:00 EAT');

        await page.goto(`/admin/events/${event.id}`);
        const starts = page.getByLabel('Starts');
        await expect(starts).toHaveValue('2027-03-02T08:00');
        await expect(starts).toHaveAccessibleDescription(/Nairobi time \(EAT\)/);
        await starts.fill('2027-03-02T09:00');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(
          page
            .getByRole('status')
            .filter({ hasText: `Saved “${title}”.` })
            .first(),
        ).toBeVisible();

        await expect
          .poll(async () => {
            const { data } = await serviceRole.from('events').select('starts_at').eq('id', event.id).single();
            return data && new Date(data.starts_at).toISOString();
          })
          .toBe('2027-03-02T06:00:00.000Z');
      } finally {
        await serviceRole.from('events').delete().eq('id', event.id);
      }
    });
  });
}
