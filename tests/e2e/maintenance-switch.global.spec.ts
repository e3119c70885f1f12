/**
 * Maintenance on or off takes effect on the very next request, whatever the website's page cache
 * holds (project `global-state`: it changes what every visitor sees, on its own stack).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test } from './fixtures.ts';

async function writeFlag(client: SupabaseClient<Database>, active: boolean): Promise<void> {
  const { error } = await client
    .from('site_settings')
    .update({ setting_value: { is_active: active } })
    .eq('setting_key', 'maintenance_mode');
  if (error) throw new Error(`writing maintenance_mode failed: ${error.message}`);
}

test('the next request after the switch answers accordingly, cached page or not', async ({
  request,
  serviceRole,
  setMaintenance,
}) => {
  // Off, and /about and / in the page cache (a second request is a hit).
  await setMaintenance(false, { waitFor: ['/', '/about'] });
  try {
    for (let round = 0; round < 3; round++) {
      // A replay of an expired copy (STALE) re-renders it behind the answer: asked again, the page
      // comes from the cache once that re-render has stored it.
      for (const path of ['/about', '/']) {
        await expect
          .poll(
            async () => {
              const cached = await request.get(path);
              return `${cached.status()} ${cached.headers()['x-page-cache']}`;
            },
            { message: path },
          )
          .toBe('200 HIT');
      }
      await writeFlag(serviceRole, true);
      for (const path of ['/about', '/']) expect((await request.get(path)).status(), `${path} just after on`).toBe(503);
      await writeFlag(serviceRole, false);
      for (const path of ['/about', '/'])
        expect((await request.get(path)).status(), `${path} just after off`).toBe(200);
    }
  } finally {
    await writeFlag(serviceRole, false);
  }
});
