/**
 * Orders and newsletter sign-ups per week as a bar chart (recharts, loaded only with the admin
 * dashboard). A picture to assistive technology (its keyboard layer off): the same figures are in
 * the table under it.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatWeek, formatWeekStart } from '../../lib/staff-time';
import type { Dashboard } from './api/get-dashboard';

export default function WeeklyChart({ weeks }: { weeks: Dashboard['weeks'] }) {
  return (
    <div
      className="dashboard__chart"
      role="img"
      aria-label="Bar chart of orders and newsletter sign-ups per week over the last 12 weeks; the figures are in the table below."
    >
      <ResponsiveContainer width="100%" height={240}>
        <BarChart accessibilityLayer={false} data={weeks} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis
            dataKey="week_start"
            tickFormatter={formatWeekStart}
            tick={{ fill: 'var(--color-text)', fontSize: 12 }}
          />
          <YAxis allowDecimals={false} tick={{ fill: 'var(--color-text)', fontSize: 12 }} />
          <Tooltip
            labelFormatter={(week) => formatWeek(String(week))}
            contentStyle={{ background: 'var(--color-bg)', color: 'var(--color-text)' }}
          />
          <Legend />
          <Bar dataKey="orders" name="Orders" fill="var(--color-brand)" />
          <Bar dataKey="subscribers" name="Sign-ups" fill="var(--color-accent)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
