/** Reads the maintenance flag from Supabase; cached 2 s so a change takes effect within seconds. */
import { createSwrCache } from '../../lib/cache';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { isMaintenanceActive } from './maintenance-flag';

const cache = createSwrCache<boolean>({ freshMs: 2_000, maxStaleMs: 0 });

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

export function maintenanceActive(): Promise<boolean> {
  return cache.get('maintenance_mode', () => readFlag().catch(() => false));
}
