/** The inactivity time-out's setting, deadline and words. */
import { describe, expect, it } from 'vitest';
import { defaultIdleMinutes, idleAt, idleMinutesFrom, idleSignOutMessage } from './idle-timeout';

describe('idle time-out', () => {
  it('reads whole minutes from 5 to 720 from the setting, else the default', () => {
    expect(idleMinutesFrom({ minutes: 15 })).toBe(15);
    for (const bad of [{ minutes: 4 }, { minutes: 721 }, { minutes: 7.5 }, { minutes: '15' }, null, undefined]) {
      expect(idleMinutesFrom(bad)).toBe(defaultIdleMinutes);
    }
  });

  it('falls idle the given minutes after the last activity, and says so in words', () => {
    expect(idleAt(Date.UTC(2026, 10, 28, 8), 30)).toBe(Date.UTC(2026, 10, 28, 8, 30));
    expect(idleSignOutMessage(30)).toBe(
      'You were signed out after 30 minutes without activity. Sign in again to continue.',
    );
  });
});
