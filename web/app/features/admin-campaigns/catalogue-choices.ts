/**
 * What the campaign form offers as catalogue blocks: the published programs, intakes and events
 * still to come, read as the signed-in staff member (marketing reads the catalogue under RLS).
 * The form inserts a reference by id; the mail worker fills in title, price and dates when sent.
 */
import type { CampaignBlockKind } from '../../../../domain/campaign-body';
import { formatCalendarDate, formatDate, nairobiToday } from '../../lib/staff-time';
import { staffSupabase } from '../../lib/supabase/staff-client';

export interface CatalogueChoice {
  kind: CampaignBlockKind;
  id: string;
  /** What the picker lists: the title, with the date for an intake or event. */
  label: string;
}

/** At most this many of each kind: the picker is a list, not a search. */
const LIMIT = 200;

export async function listCatalogueChoices(): Promise<CatalogueChoice[]> {
  const supabase = await staffSupabase();
  const today = nairobiToday();
  const [programs, intakes, events] = await Promise.all([
    supabase.from('training_programs').select('id, title').eq('is_published', true).order('title').limit(LIMIT),
    supabase
      .from('program_intakes')
      .select('id, starts_on, training_programs!inner(title, is_published)')
      .eq('is_published', true)
      .eq('training_programs.is_published', true)
      .gte('ends_on', today)
      .order('starts_on')
      .limit(LIMIT),
    supabase
      .from('events')
      .select('id, title, starts_at')
      .eq('is_published', true)
      .gte('ends_at', new Date().toISOString())
      .order('starts_at')
      .limit(LIMIT),
  ]);
  for (const result of [programs, intakes, events]) if (result.error) throw result.error;
  return [
    ...(programs.data ?? []).map((program) => ({ kind: 'program' as const, id: program.id, label: program.title })),
    ...(intakes.data ?? []).map((intake) => ({
      kind: 'intake' as const,
      id: intake.id,
      label: `${intake.training_programs.title}, starting ${formatCalendarDate(intake.starts_on)}`,
    })),
    ...(events.data ?? []).map((event) => ({
      kind: 'event' as const,
      id: event.id,
      label: `${event.title}, ${formatDate(event.starts_at)}`,
    })),
  ];
}
