/**
 * One staff member's buttons: Change roles, Deactivate / Reactivate, Reset second factor. Each
 * asks first, naming the person; the change is posted to the route's clientAction (staff-action.ts).
 */
import { useState } from 'react';
import { usePostToRoute } from '../../components/admin/action-result';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import type { StaffMember } from './api/list-staff';
import { RolesDialog } from './roles-dialog';
import type { StaffIntent } from './staff-action';

type Asking = null | 'roles' | 'active' | 'factor';

export function StaffRowActions({ member }: { member: StaffMember }) {
  const [asking, setAsking] = useState<Asking>(null);
  const { post, busy } = usePostToRoute();
  const { email, user_id: userId } = member;
  const active = member.deactivated_at === null;

  async function send(intent: StaffIntent) {
    await post(intent);
    setAsking(null);
  }

  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => setAsking('roles')}
        aria-label={`Change roles of ${email}`}
      >
        Change roles
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => setAsking('active')}
        aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${email}`}
      >
        {active ? 'Deactivate' : 'Reactivate'}
      </button>
      {member.factor_enrolled && (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={busy}
          onClick={() => setAsking('factor')}
          aria-label={`Reset second factor of ${email}`}
        >
          Reset second factor
        </button>
      )}
      {asking === 'roles' && (
        <RolesDialog
          email={email}
          roles={member.roles}
          busy={busy}
          onSave={(roles) => void send({ intent: 'set-roles', userId, email, roles })}
          onCancel={() => setAsking(null)}
        />
      )}
      <ConfirmDialog
        open={asking === 'active'}
        title={active ? `Deactivate ${email}?` : `Reactivate ${email}?`}
        description={
          active
            ? 'Their sessions end at once and they cannot sign in to the admin until reactivated.'
            : 'They may sign in again with their password and second factor, with the roles they had.'
        }
        confirmLabel={active ? 'Deactivate' : 'Reactivate'}
        busy={busy}
        onConfirm={() => void send({ intent: 'set-active', userId, email, active: !active })}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'factor'}
        title={`Reset the second factor of ${email}?`}
        description="Use this when their phone is lost. Their sessions end; at their next sign-in they set up a new authenticator app."
        confirmLabel="Reset second factor"
        busy={busy}
        onConfirm={() => void send({ intent: 'reset-factor', userId, email })}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
