/** Publishes or unpublishes one catalogue row (a list's Publish / Unpublish button). */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const catalogueTables = ['events', 'training_programs', 'services', 'impact_metrics'] as const;
export type CatalogueTable = (typeof catalogueTables)[number];

export const setPublishedInput = z.object({ table: z.enum(catalogueTables), id: z.uuid(), published: z.boolean() });

export async function setPublished(input: z.input<typeof setPublishedInput>): Promise<void> {
  const { table, id, published } = setPublishedInput.parse(input);
  const supabase = await staffSupabase();
  const change = { is_published: published };
  // One call per table: supabase-js types a query by its table's name, not by a union of names.
  const { error } =
    table === 'events'
      ? await supabase.from('events').update(change).eq('id', id).select('id').single()
      : table === 'training_programs'
        ? await supabase.from('training_programs').update(change).eq('id', id).select('id').single()
        : table === 'services'
          ? await supabase.from('services').update(change).eq('id', id).select('id').single()
          : await supabase.from('impact_metrics').update(change).eq('id', id).select('id').single();
  if (error) throw error;
}
