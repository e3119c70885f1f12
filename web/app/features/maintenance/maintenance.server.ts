/**
 * Reads the maintenance flag from Supabase, afresh for every request (lib/fresh-read.ts), so
 * switching maintenance on or off takes effect on the next request; concurrent requests share
 * reads. The production server's page cache asks it too, before replaying a page (web/server).
 * Every page asks, so the read is bounded and never holds a page while the database is away:
 * once a read has failed, requests get the last value read at once while one read at a time
 * checks in the background, until one succeeds.
 */
import { MAINTENANCE_READ_TIMEOUT_MS } from '../../config/read-timeouts';
import { createFreshRead } from '../../lib/fresh-read';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { isMaintenanceActive } from './maintenance-flag';

async function readFlag(): Promise<boolean> {
  const { data, error } = await serverSupabase()
    .from('site_settings')
    .select('setting_value')
    .eq('setting_key', 'maintenance_mode')
    .retry(false)
    .abortSignal(AbortSignal.timeout(MAINTENANCE_READ_TIMEOUT_MS))
    .maybeSingle();
  if (error) throw new Error(error.message || error.code || 'the read failed');
  return isMaintenanceActive(data?.setting_value);
}

/**
 * The flag from `read`; when a read fails, the last value read (a failed read must not take the
 * site down; off before any read succeeded), and the following calls do not wait for the reads
 * that check whether the source is back.
 */
export function createMaintenanceCheck(read: () => Promise<boolean>): () => Promise<boolean> {
  const freshRead = createFreshRead(read);
  let lastValue = false;
  let failing = false;
  const settle = (value: boolean) => {
    lastValue = value;
    if (failing) console.error('[maintenance] reading maintenance_mode works again');
    failing = false;
    return value;
  };
  const fail = (error: unknown) => {
    if (!failing)
      console.error('[maintenance] reading maintenance_mode failed:', error instanceof Error ? error.message : error);
    failing = true;
    return lastValue;
  };
  return function maintenanceCheck() {
    const next = freshRead().then(settle, fail);
    return failing ? Promise.resolve(lastValue) : next;
  };
}

export const maintenanceActive: () => Promise<boolean> = createMaintenanceCheck(readFlag);
