/**
 * The staff inactivity time-out's rules, free of React and timers: the setting's value
 * (site_settings.staff_idle_timeout, 5 to 720 whole minutes, checked by the database too), the
 * moment a person falls idle, and the words /login shows afterwards.
 */
import { z } from 'zod';

export const idleTimeoutSettingKey = 'staff_idle_timeout';

/** Used when the setting cannot be read or is missing (the migration's default). */
export const defaultIdleMinutes = 30;

const idleSetting = z.object({ minutes: z.number().int().min(5).max(720) });

/** The setting's minutes, or the default for a value that is not one. */
export function idleMinutesFrom(value: unknown): number {
  const parsed = idleSetting.safeParse(value);
  return parsed.success ? parsed.data.minutes : defaultIdleMinutes;
}

/** When the person is idle: `minutes` after their last activity (milliseconds since the epoch). */
export function idleAt(lastActivity: number, minutes: number): number {
  return lastActivity + minutes * 60_000;
}

/** What /login says after the time-out signed the person out. */
export function idleSignOutMessage(minutes: number): string {
  const span = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `You were signed out after ${span} without activity. Sign in again to continue.`;
}
