/**
 * The maintenance switch: shows whether the public site is in maintenance and turns it on or off
 * after a confirmation that says what visitors will see (posted to the dashboard route's
 * clientAction, maintenance-action.ts). The site follows on its next request.
 */
import { useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import type { MaintenanceIntent } from './maintenance-action';

export function MaintenanceSwitch({ active }: { active: boolean }) {
  const [asking, setAsking] = useState(false);
  const { post, busy } = usePostToRoute();
  // The confirmation closes once the switch moved; after a refusal it stays (the toast says why).
  useActionResult('set-maintenance', (result) => {
    if (result.ok) setAsking(false);
  });

  function confirm() {
    const intent: MaintenanceIntent = { intent: 'set-maintenance', active: !active };
    void post(intent);
  }

  return (
    <section aria-labelledby="maintenance-heading" className="dashboard__panel">
      <h2 id="maintenance-heading">Maintenance mode</h2>
      <p data-testid="maintenance-state">
        {active
          ? 'On: visitors see the maintenance page. The admin area still works.'
          : 'Off: the public site is open to visitors.'}
      </p>
      <button
        type="button"
        className={active ? 'button' : 'button button--danger'}
        onClick={() => setAsking(true)}
        disabled={busy}
      >
        {active ? 'Turn maintenance off' : 'Turn maintenance on'}
      </button>
      <ConfirmDialog
        open={asking}
        title={active ? 'Open the public site again?' : 'Put the public site into maintenance?'}
        description={
          active
            ? 'Visitors will see the site again on their next page load.'
            : 'Every visitor will see the maintenance page (HTTP 503) on their next page load, until you turn it off.'
        }
        confirmLabel={active ? 'Turn maintenance off' : 'Turn maintenance on'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
