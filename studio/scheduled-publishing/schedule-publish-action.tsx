/**
 * Document actions "Schedule publish" (a time in Nairobi time, for the draft as it is then) and
 * "Unschedule", and the badge that shows a document's schedule or its failure.
 */
import { CalendarIcon } from '@sanity/icons/Calendar';
import { CloseIcon } from '@sanity/icons/Close';
import { Box, Button, Stack, Text, TextInput } from '@sanity/ui';
import { useToast } from '@sanity/ui/toast';
import { useId, useState, type FormEvent } from 'react';
import { useClient, useValidationStatus, type DocumentActionComponent, type DocumentBadgeComponent } from 'sanity';
import { fromStaffInput, staffInputHint } from '../../domain/dates.ts';
import { schedulePublish, unschedulePublish } from './schedule-commands.ts';
import { scheduleLabel } from './schedule-labels.ts';
import { STUDIO_API_VERSION, useOpenSchedules } from './use-open-schedules.ts';

/** The form of the dialog: one labelled date-and-time input, its hint and its error. */
function ScheduleForm(props: { onSchedule: (publishAt: string) => Promise<void> }) {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const publishAt = fromStaffInput(value);
    if (!publishAt) return setError('Enter a date and a time.');
    setBusy(true);
    try {
      await props.onSchedule(publishAt);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap={4}>
        <Stack gap={3}>
          <Text as="label" htmlFor={inputId} weight="semibold" size={1}>
            Publish at
          </Text>
          <TextInput
            id={inputId}
            type="datetime-local"
            value={value}
            aria-describedby={hintId}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Text id={hintId} size={1} muted>
            {staffInputHint} The draft is published as it is at that time.
          </Text>
        </Stack>
        {error ? (
          <Text role="alert" size={1} style={{ color: 'var(--card-badge-critical-fg-color, #c3362b)' }}>
            {error}
          </Text>
        ) : null}
        <Box>
          <Button type="submit" text="Schedule" disabled={busy} />
        </Box>
      </Stack>
    </form>
  );
}

export const SchedulePublishAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const { schedules } = useOpenSchedules(props.id);
  const [open, setOpen] = useState(false);
  // The worker publishes without the Studio's schema: a draft the Publish button would refuse is
  // refused here, when it is scheduled.
  const { validation } = useValidationStatus(props.draft?._id ?? props.id, props.type, false);
  const invalid = validation.some((marker) => marker.level === 'error');
  const waiting = schedules?.some((schedule) => schedule.state === 'scheduled' || schedule.state === 'publishing');
  if (waiting) return null;
  return {
    label: 'Schedule publish',
    icon: CalendarIcon,
    disabled: !props.draft || invalid,
    title: !props.draft
      ? 'There are no unpublished changes to schedule'
      : invalid
        ? 'Fix the validation errors first: the draft is published as it is'
        : 'Publish the draft at a set time',
    onHandle: () => setOpen(true),
    dialog: open && {
      type: 'dialog',
      header: 'Schedule publish',
      onClose: () => setOpen(false),
      content: (
        <ScheduleForm
          onSchedule={async (publishAt) => {
            await schedulePublish(client, { documentId: props.id, documentType: props.type, publishAt });
            setOpen(false);
            props.onComplete();
          }}
        />
      ),
    },
  };
};

export const UnschedulePublishAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const toast = useToast();
  const { schedules } = useOpenSchedules(props.id);
  const schedule = schedules?.find((s) => s.state === 'scheduled' || s.state === 'failed');
  if (!schedule) return null;
  return {
    label: schedule.state === 'failed' ? 'Dismiss failed schedule' : 'Unschedule',
    icon: CloseIcon,
    tone: 'critical',
    onHandle: () => {
      unschedulePublish(client, schedule).then(props.onComplete, (error: unknown) => {
        toast.push({ status: 'error', title: 'Could not unschedule', description: String(error) });
        props.onComplete();
      });
    },
  };
};

export const ScheduleBadge: DocumentBadgeComponent = (props) => {
  const { schedules } = useOpenSchedules(props.id);
  const schedule = schedules?.[0];
  if (!schedule) return null;
  return {
    label: scheduleLabel(schedule),
    title: schedule.state === 'failed' ? schedule.error : 'Nairobi time',
    color: schedule.state === 'failed' ? 'danger' : schedule.state === 'publishing' ? 'warning' : 'primary',
  };
};
