/** The latest sent campaign's mails per minute: a chart, and the same figures as a table. */
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../../lib/staff-time';
import type { CampaignTimeline } from './campaigns-api';

const TimelineChart = lazy(() => import('./timeline-chart'));

export function CampaignTimelinePanel({ timeline }: { timeline: CampaignTimeline }) {
  return (
    <section aria-labelledby="campaign-timeline-heading" className="campaign-timeline">
      <h2 id="campaign-timeline-heading">Sent over time: {timeline.subject}</h2>
      <Suspense fallback={<p>Loading the chart…</p>}>
        <TimelineChart points={timeline.points} subject={timeline.subject} />
      </Suspense>
      <details>
        <summary>The figures per minute</summary>
        <table className="campaign-results">
          <caption className="visually-hidden">Mails sent per minute</caption>
          <thead>
            <tr>
              <th scope="col">Minute</th>
              <th scope="col">Sent</th>
            </tr>
          </thead>
          <tbody>
            {timeline.points.map((point) => (
              <tr key={point.minute}>
                <td>{formatDateTime(point.minute)}</td>
                <td>{point.sent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
