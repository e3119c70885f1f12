/**
 * A campaign's mails sent per minute (recharts, loaded only with this screen). A picture to
 * assistive technology (its keyboard layer off): the same figures are in the table under it.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '../../lib/staff-time';
import type { TimelinePoint } from './campaigns-api';

export default function TimelineChart({ points, subject }: { points: TimelinePoint[]; subject: string }) {
  return (
    <div
      className="campaign-timeline__chart"
      role="img"
      aria-label={`Bar chart of the mails of “${subject}” sent per minute; the figures are in the table below.`}
    >
      <ResponsiveContainer width="100%" height={200}>
        <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="minute" tickFormatter={formatDateTime} tick={{ fill: 'var(--color-text)', fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: 'var(--color-text)', fontSize: 12 }} />
          <Tooltip
            labelFormatter={(minute) => formatDateTime(String(minute))}
            contentStyle={{ background: 'var(--color-bg)', color: 'var(--color-text)' }}
          />
          <Bar dataKey="sent" name="Sent" fill="var(--color-brand)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
