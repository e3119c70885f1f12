/** Headline figures; the numbers come live from Supabase `impact_metrics` (published rows). */
import { BlockSection } from './block-section';
import { LiveRows } from './live/live-rows';
import { useLiveRows } from './page-context';
import type { BlockProps } from './types';

export function StatsBlock({ _key, anchor, heading, intro }: BlockProps<'stats'>) {
  const rows = useLiveRows('stats', _key);
  return (
    <BlockSection blockKey={_key} name="stats" anchor={anchor} heading={heading} intro={intro} tone="tinted">
      <LiveRows
        rows={rows}
        what="figures"
        skeletonCount={4}
        empty={<p>Our latest figures are being updated. Please check back soon.</p>}
        error={
          <p>
            <strong>We couldn’t load our figures just now.</strong> Please refresh the page or try again in a few
            minutes.
          </p>
        }
      >
        {(metrics) => (
          <dl className="stats-list">
            {metrics.map((metric) => (
              <div key={metric.id} className="stat">
                <dt className="stat__label">{metric.label}</dt>
                <dd className="stat__value">{metric.display}</dd>
              </div>
            ))}
          </dl>
        )}
      </LiveRows>
    </BlockSection>
  );
}
