/**
 * What a signed-in account without staff rights sees instead of the admin pages; a session opened
 * by an e-mailed code (the customer sign-in) is told that staff sign in with their password.
 */
export function NotStaff({ email, byEmailedCode = false }: { email: string; byEmailedCode?: boolean }) {
  return (
    <section className="admin-notice" aria-labelledby="not-staff-title">
      <h1 id="not-staff-title">This account has no access to the admin area</h1>
      {byEmailedCode ? (
        <p>
          You signed in as <strong>{email}</strong> with a code sent by e-mail, which opens your customer account only.
          Staff sign out, then sign in with their password on the <a href="/login">staff sign-in</a>.
        </p>
      ) : (
        <>
          <p>
            You are signed in as <strong>{email}</strong>, which is not a staff account. The admin area is for the
            institute&apos;s operations staff.
          </p>
          <p>
            If you should have access, ask an administrator to add this address as staff, then sign in again. Otherwise,
            sign out and return to the <a href="/">website</a>.
          </p>
        </>
      )}
    </section>
  );
}
