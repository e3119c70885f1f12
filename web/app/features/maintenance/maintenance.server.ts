/**
 * Reads the maintenance flag from Supabase, afresh for every request (lib/fresh-read.ts), so
 * switching maintenance on or off takes effect on the next request; concurrent requests share
 * reads. The production server's page cache asks it too, before replaying a page (web/server).
 */
import { createFreshRead } from '../../lib/fresh-read';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { isMaintenanceActive } from './maintenance-flag';

async function readFlag(): Promise<boolean> {
  const { data, error } = await serverSupabase()
    .from('site_settings')
    .select('setting_value')
    .eq('setting_key', 'maintenance_mode')
    .maybeSingle();
  if (error) {
    // A failed read must not take the site down: log it and stay open.
    console.error('[maintenance] reading maintenance_mode failed:', error.message);
    return false;
  }
  return isMaintenanceActive(data?.setting_value);
}

export const maintenanceActive: () => Promise<boolean> = createFreshRead(() => readFlag().catch(() => false));
