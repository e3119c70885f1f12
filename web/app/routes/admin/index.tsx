/** /admin: a placeholder until the dashboard (admin-ops, routes/admin/dashboard.tsx) replaces it. */
export function meta() {
  return [{ title: 'Dashboard | Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminIndex() {
  return (
    <section>
      <h1>Dashboard</h1>
      <p>Choose a section above.</p>
    </section>
  );
}
