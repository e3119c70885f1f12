/** The maintenance switch's write: site_settings.maintenance_mode (staff only by RLS); the public site reads it on every request. */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const setMaintenanceInput = z.object({ active: z.boolean() });

export async function setMaintenance(input: z.input<typeof setMaintenanceInput>): Promise<void> {
  const { active } = setMaintenanceInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('site_settings')
    .upsert({ setting_key: 'maintenance_mode', setting_value: { is_active: active } }, { onConflict: 'setting_key' })
    .select('setting_value');
  if (error) throw error;
  if (data.length !== 1) throw { code: '42501', message: 'The maintenance switch was not changed.' };
}
