/**
 * What an admin clientAction answers, and the two ends of it: `toastedAction` runs a write in the
 * action (a toast either way; the failure's words in the result), `useActionResult` lets the page
 * react to its own operation's answer (clear a form, show the error beside it). Writes are posted
 * with useSubmit (a navigation: pending state from useNavigation, and the router reads the page's
 * data again afterwards).
 */
import { useCallback, useEffect, useEffectEvent } from 'react';
import { useActionData, useNavigation, useSubmit } from 'react-router';
import { toastError, toastSuccess } from './admin-toast';
import { describeDbError } from './describe-db-error';

export type ActionResult = { intent: string; ok: true; id?: string } | { intent: string; ok: false; error: string };

/** Runs `write` (which answers its success message); the toast says how it went. */
export async function toastedAction(intent: string, write: () => Promise<string>, id?: string): Promise<ActionResult> {
  try {
    void toastSuccess(await write());
    return { intent, ok: true, id };
  } catch (error) {
    const words = describeDbError(error);
    void toastError(words);
    return { intent, ok: false, error: words };
  }
}

/** Calls `handle` once for each new answer of the route's clientAction to `intent`. */
export function useActionResult(intent: string, handle: (result: ActionResult) => void): void {
  const result = useActionData<ActionResult | undefined>();
  const onResult = useEffectEvent(handle);
  useEffect(() => {
    if (result?.intent === intent) onResult(result);
  }, [result, intent]);
}

/**
 * Posts a JSON body to the current route's clientAction, staying where the page is (same URL,
 * same scroll); resolves once the action is done and the page's data read again. `busy` is true
 * meanwhile, and `pendingIntent` is the posted body's `intent` (which of a page's writes runs).
 */
export function usePostToRoute() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const post = useCallback(
    (body: Parameters<typeof submit>[0] & object) =>
      submit(body, { method: 'post', encType: 'application/json', replace: true, preventScrollReset: true }),
    [submit],
  );
  const busy = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const posted: unknown = navigation.json;
  const pendingIntent =
    busy && typeof posted === 'object' && posted !== null && 'intent' in posted ? String(posted.intent) : undefined;
  return { post, busy, pendingIntent };
}
