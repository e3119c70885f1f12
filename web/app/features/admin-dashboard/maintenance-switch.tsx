/**
 * The maintenance switch: shows whether the public site is in maintenance and turns it on or off
 * after a confirmation that says what visitors will see. The site follows on its next request.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { describeDbError } from '../../components/admin/describe-db-error';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { setMaintenance } from './maintenance-data';

export function MaintenanceSwitch({ active, onChanged }: { active: boolean; onChanged: (active: boolean) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await setMaintenance(!active);
      void toastSuccess(active ? 'The public site is open again.' : 'The public site is now in maintenance.');
      setAsking(false);
      onChanged(!active);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setBusy(false);
    }
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
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
