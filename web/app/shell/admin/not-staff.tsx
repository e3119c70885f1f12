/** What a signed-in account without staff rights sees instead of the admin pages. */
export function NotStaff({ email }: { email: string }) {
  return (
    <section className="admin-notice" aria-labelledby="not-staff-title">
      <h1 id="not-staff-title">This account has no access to the admin area</h1>
      <p>
        You are signed in as <strong>{email}</strong>, which is not a staff account. The admin area is for the
        institute&apos;s operations staff.
      </p>
      <p>
        If you should have access, ask an administrator to add this address as staff, then sign in again. Otherwise,
        sign out and return to the <a href="/">website</a>.
      </p>
    </section>
  );
}
