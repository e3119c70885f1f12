/**
 * Orders and newsletter sign-ups per week as a bar chart (recharts, loaded only with the admin
 * dashboard). The same figures are listed in a table beside it for screen readers and keyboard users.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from './fetch-dashboard';

export default function WeeklyChart({ weeks }: { weeks: Dashboard['weeks'] }) {
  return (
    <div className="dashboard__chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="week_start" tick={{ fill: 'var(--color-text)', fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: 'var(--color-text)', fontSize: 12 }} />
          <Tooltip contentStyle={{ background: 'var(--color-bg)', color: 'var(--color-text)' }} />
          <Legend />
          <Bar dataKey="orders" name="Orders" fill="var(--color-brand)" />
          <Bar dataKey="subscribers" name="Sign-ups" fill="var(--color-accent)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
