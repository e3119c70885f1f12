/**
 * A live block's rows: a skeleton while they stream in, an empty message when there are none,
 * and a friendly error in place of the list if the read failed, so the rest of the page stands.
 */
import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router';
import { RENDER_DEGRADED_ATTRIBUTE } from '../../config/render-degraded';
import type { LiveRead, LiveResult } from './types';
import '../../components/ui/ui.css';
import '../blocks.css';

type Props<Row> = {
  /** Undefined when the loader started no read for the block; rows in hand render at once. */
  rows: LiveRead<Row[]> | undefined;
  /** What is loading, for screen readers: "events". */
  what: string;
  empty: ReactNode;
  error: ReactNode;
  skeletonCount?: number;
  children: (rows: Row[]) => ReactNode;
};

export function LiveRows<Row>({ rows, what, empty, error, skeletonCount = 3, children }: Props<Row>) {
  // The marker keeps a page rendered with this state out of the page cache (config/render-degraded.ts).
  const errorState = (
    <div className="live-state live-state--error" role="status" {...{ [RENDER_DEGRADED_ATTRIBUTE]: '' }}>
      {error}
    </div>
  );
  if (!rows) return errorState;
  return (
    <Suspense
      fallback={
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading {what}…
          </p>
          <ul className="skeleton-list" aria-hidden="true">
            {Array.from({ length: skeletonCount }, (_, index) => (
              <li key={index} className="skeleton-card" />
            ))}
          </ul>
        </div>
      }
    >
      {/* errorElement: the stream was cut short (the server's time limit) before the rows came. */}
      <Await resolve={rows} errorElement={errorState}>
        {(result: LiveResult<Row[]>) =>
          'failed' in result ? (
            errorState
          ) : result.rows.length > 0 ? (
            children(result.rows)
          ) : (
            <div className="live-state" role="status">
              {empty}
            </div>
          )
        }
      </Await>
    </Suspense>
  );
}
