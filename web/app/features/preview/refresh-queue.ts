/**
 * Preview refreshes never overlap. A refresh is a navigation, and a new navigation cancels the one
 * in flight: as the editor types, the Studio's word and the live stream come faster than a page
 * loads, so none would finish. A refresh asked for meanwhile runs once after the current one (it
 * reads the latest draft). Module state: the component may mount again during a refresh.
 */
let running: Promise<void> | undefined;
let again = false;

async function loadUntilSettled(load: () => Promise<void> | void): Promise<void> {
  do {
    again = false;
    await load();
  } while (again);
}

export function queueRefresh(load: () => Promise<void> | void): Promise<void> {
  if (running) again = true;
  else running = loadUntilSettled(load).finally(() => (running = undefined));
  return running;
}
