/**
 * Signs a staff member out after the inactivity time-out (site_settings.staff_idle_timeout) with
 * no key press, click, touch or scroll in any of their tabs, and leaves /login the reason. The
 * tabs share the last activity through localStorage (signing out ends the session every tab
 * shares, so one idle tab must not end it while another is in use).
 */
import { useEffect, useState } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { defaultIdleMinutes, idleAt, idleMinutesFrom, idleSignOutMessage, idleTimeoutSettingKey } from './idle-timeout';
import { keepSignOutReason } from './sign-out-reason';
import { signOut } from './sign-out';

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const lastActivityKey = 'ascent-staff-last-activity';
/** Writes of the shared last activity at most this often (a scroll fires many events). */
const shareEveryMs = 5_000;

function sharedLastActivity(): number {
  try {
    return Number(localStorage.getItem(lastActivityKey)) || 0;
  } catch {
    return 0;
  }
}

function shareLastActivity(at: number): void {
  try {
    localStorage.setItem(lastActivityKey, String(at));
  } catch {
    // Storage refused: this tab counts its own activity only.
  }
}

/** The setting's minutes (null while it is read; the default if it cannot be). */
function useIdleMinutes(enabled: boolean): number | null {
  const [minutes, setMinutes] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void (async () => {
      let read = defaultIdleMinutes;
      try {
        const supabase = await getBrowserSupabase();
        const { data, error } = await supabase
          .from('site_settings')
          .select('setting_value')
          .eq('setting_key', idleTimeoutSettingKey)
          .maybeSingle();
        if (error) console.error('[session] reading the inactivity time-out failed:', error);
        read = idleMinutesFrom(data?.setting_value);
      } catch (error) {
        console.error('[session] reading the inactivity time-out failed:', error);
      }
      if (current) setMinutes(read);
    })();
    return () => {
      current = false;
    };
  }, [enabled]);
  return minutes;
}

export function useIdleSignOut(enabled: boolean): void {
  const minutes = useIdleMinutes(enabled);
  useEffect(() => {
    if (!enabled || minutes === null) return;
    let last = Date.now();
    let shared = last;
    shareLastActivity(last);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;

    function onActivity() {
      last = Date.now();
      if (last - shared >= shareEveryMs) {
        shared = last;
        shareLastActivity(last);
      }
    }

    async function end(idleMinutes: number) {
      ended = true;
      keepSignOutReason(idleSignOutMessage(idleMinutes));
      // SIGNED_OUT then takes the page to /login, which shows the reason.
      if (await signOut()) ended = false;
    }

    // Wakes at the deadline, and again later if there was activity meanwhile (here or in another tab).
    function check() {
      clearTimeout(timer);
      if (ended || minutes === null) return;
      const wait = idleAt(Math.max(last, sharedLastActivity()), minutes) - Date.now();
      if (wait <= 0) void end(minutes);
      else timer = setTimeout(check, wait);
    }

    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true, capture: true });
    // A computer waking from sleep runs late timers late: look at once when the tab shows again.
    document.addEventListener('visibilitychange', check);
    check();
    return () => {
      clearTimeout(timer);
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', check);
    };
  }, [enabled, minutes]);
}
