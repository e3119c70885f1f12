/**
 * TEMPORARY until auth's /admin layout is merged (admin contract): signs a staff member in with
 * e-mail and password through THE browser client, and shows the admin pages only to staff (RLS
 * decides what they may change in any case). Auth's layout replaces it; delete this file then.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

type GateState =
  | { kind: 'checking' }
  | { kind: 'signed-out' }
  | { kind: 'not-staff'; email: string }
  | { kind: 'staff'; email: string };

async function currentState(): Promise<GateState> {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (error || !user) return { kind: 'signed-out' };
  const staff = await supabase.from('staff').select('user_id').eq('user_id', user.id).maybeSingle();
  if (staff.error || !staff.data) return { kind: 'not-staff', email: user.email ?? '' };
  return { kind: 'staff', email: user.email ?? '' };
}

export function StaffGate({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  const [state, setState] = useState<GateState>({ kind: 'checking' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    currentState().then(setState, () => setState({ kind: 'signed-out' }));
  }, []);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const supabase = await getBrowserSupabase();
    const { error: signInError } = await supabase.auth.signInWithPassword({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    if (signInError) {
      setError('The e-mail address or password is not right.');
      return;
    }
    setError(null);
    setState(await currentState());
  }

  async function signOut() {
    const supabase = await getBrowserSupabase();
    await supabase.auth.signOut();
    setState({ kind: 'signed-out' });
  }

  if (state.kind === 'checking') return <p role="status">Checking your session…</p>;
  if (state.kind === 'signed-out') {
    return (
      <section className="admin-catalogue">
        <h1>Staff sign-in</h1>
        <form className="admin-form" onSubmit={(event) => void signIn(event)}>
          <div className="field">
            <label className="field__label" htmlFor="staff-email">
              E-mail
            </label>
            <input
              id="staff-email"
              name="email"
              type="email"
              className="field__input"
              autoComplete="username"
              required
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="staff-password">
              Password
            </label>
            <input
              id="staff-password"
              name="password"
              type="password"
              className="field__input"
              autoComplete="current-password"
              required
            />
          </div>
          <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
          <div className="admin-form__actions">
            <button type="submit" className="button">
              Sign in
            </button>
          </div>
        </form>
      </section>
    );
  }
  if (state.kind === 'not-staff') {
    return (
      <section className="admin-catalogue">
        <h1>No access</h1>
        <p>You are signed in as {state.email}, which is not a staff account.</p>
        <button type="button" className="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </section>
    );
  }
  return (
    <div className="admin-shell">
      <div className="admin-catalogue__head">
        {nav}
        <p>
          {state.email}{' '}
          <button type="button" className="button button--small button--secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </p>
      </div>
      {children}
    </div>
  );
}
