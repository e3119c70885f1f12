/**
 * The "Scheduled" tool: every open schedule (waiting, being published, failed with its reason),
 * soonest first, each linking to its document and with its own Unschedule button.
 */
import { CalendarIcon } from '@sanity/icons/Calendar';
import { Button, Card, Container, Flex, Heading, Stack, Text } from '@sanity/ui';
import { useToast } from '@sanity/ui/toast';
import { useEffect, useState } from 'react';
import { useClient, type Tool } from 'sanity';
import { IntentLink } from 'sanity/router';
import type { PublishSchedule } from '../../supabase/functions/publish-scheduled/schedule-document.ts';
import { unschedulePublish } from './schedule-commands.ts';
import { scheduleLabel } from './schedule-labels.ts';
import { STUDIO_API_VERSION, useOpenSchedules } from './use-open-schedules.ts';

/** Each scheduled document's title, the draft's when there is one (what will be published). */
function useTitles(schedules: PublishSchedule[] | undefined): Map<string, string> {
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const [titles, setTitles] = useState(new Map<string, string>());
  const ids = [...new Set((schedules ?? []).map((s) => s.documentId))];
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    const wanted = key.split(',');
    void client
      .fetch<Array<{ _id: string; title?: string }>>(
        '*[_id in $ids]{_id, title}',
        { ids: [...wanted, ...wanted.map((id) => `drafts.${id}`)] },
        { perspective: 'raw' },
      )
      .then((docs) => {
        const found = new Map<string, string>();
        for (const doc of docs) {
          const id = doc._id.replace(/^drafts\./, '');
          if (doc.title && (!found.has(id) || doc._id.startsWith('drafts.'))) found.set(id, doc.title);
        }
        setTitles(found);
      });
  }, [client, key]);
  return titles;
}

function ScheduleRow(props: { schedule: PublishSchedule; title: string | undefined }) {
  const { schedule } = props;
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const toast = useToast();
  const canCancel = schedule.state === 'scheduled' || schedule.state === 'failed';
  return (
    <Card as="li" padding={3} radius={2} border tone={schedule.state === 'failed' ? 'critical' : 'default'}>
      <Flex align="center" gap={3}>
        <Stack gap={2} flex={1}>
          <Text weight="semibold">
            <IntentLink intent="edit" params={{ id: schedule.documentId, type: schedule.documentType }}>
              {props.title ?? schedule.documentId}
            </IntentLink>
          </Text>
          <Text size={1} muted>
            {scheduleLabel(schedule)} · {schedule.documentType}
          </Text>
          {schedule.state === 'failed' && schedule.error ? <Text size={1}>{schedule.error}</Text> : null}
        </Stack>
        {canCancel ? (
          <Button
            mode="ghost"
            tone="critical"
            text={schedule.state === 'failed' ? 'Dismiss' : 'Unschedule'}
            aria-label={`${schedule.state === 'failed' ? 'Dismiss' : 'Unschedule'} ${props.title ?? schedule.documentId}`}
            onClick={() =>
              void unschedulePublish(client, schedule).catch((error: unknown) =>
                toast.push({ status: 'error', title: 'Could not unschedule', description: String(error) }),
              )
            }
          />
        ) : null}
      </Flex>
    </Card>
  );
}

function ScheduledList() {
  const { schedules, error } = useOpenSchedules();
  const titles = useTitles(schedules);
  return (
    <Container width={2} padding={4}>
      <Stack gap={4}>
        <Heading as="h1" size={2}>
          Scheduled
        </Heading>
        <Text muted size={1}>
          Drafts waiting to be published at a set time (Nairobi time), and schedules that failed.
        </Text>
        {error ? <Text role="alert">The schedules could not be read: {error}</Text> : null}
        {schedules === undefined ? (
          <Text muted>Loading…</Text>
        ) : schedules.length === 0 ? (
          <Text>Nothing is scheduled.</Text>
        ) : (
          <Stack as="ul" gap={2} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {schedules.map((schedule) => (
              <ScheduleRow key={schedule._id} schedule={schedule} title={titles.get(schedule.documentId)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

export const scheduledTool: Tool = {
  name: 'scheduled',
  title: 'Scheduled',
  icon: CalendarIcon,
  component: ScheduledList,
};
