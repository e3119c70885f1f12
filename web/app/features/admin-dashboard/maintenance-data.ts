/** The maintenance switch's write: site_settings.maintenance_mode (staff only by RLS); the public site reads it on every request. */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

export async function setMaintenance(active: boolean): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase
    .from('site_settings')
    .upsert({ setting_key: 'maintenance_mode', setting_value: { is_active: active } }, { onConflict: 'setting_key' })
    .select('setting_value');
  if (error) throw error;
  if (data.length !== 1) throw { code: '42501', message: 'The maintenance switch was not changed.' };
}
