/**
 * Publishing at a set time (docs/scheduled-publishing.md): the Schedule publish and Unschedule
 * actions and the schedule badge on the publishable document types, and the "Scheduled" tool. The
 * worker that publishes is supabase/functions/publish-scheduled.
 */
import { definePlugin } from 'sanity';
import { ScheduleBadge, SchedulePublishAction, UnschedulePublishAction } from './schedule-publish-action.tsx';
import { scheduledTool } from './scheduled-tool.tsx';

/** Documents published by themselves; the singletons (settings, navigation) are edited in place. */
export const SCHEDULABLE_TYPES = new Set(['page', 'service', 'trainingModel', 'galleryAlbum', 'redirect']);

export const scheduledPublishing = definePlugin({
  name: 'ascent-scheduled-publishing',
  tools: (prev) => [...prev, scheduledTool],
  document: {
    actions: (prev, { schemaType }) =>
      SCHEDULABLE_TYPES.has(schemaType) ? [...prev, SchedulePublishAction, UnschedulePublishAction] : prev,
    badges: (prev, { schemaType }) => (SCHEDULABLE_TYPES.has(schemaType) ? [...prev, ScheduleBadge] : prev),
  },
});
