/**
 * What a record's admin page shows until its record is in: the loading line, "not found" with
 * the way back to the list, or the failure in words; then the page itself (`children`).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RecordLoad } from './use-record';

export interface RecordGateProps<Data> {
  load: RecordLoad<Data>;
  /** The line while the record loads: "Loading the order…". */
  loadingText: string;
  /** The record's kind, lower case: "order" makes "Order not found" and "No order has this address." */
  kind: string;
  /** The list to go back to: `{ to: '/admin/orders', label: 'Back to the orders' }`. */
  back: { to: string; label: string };
  children: (record: Data) => ReactNode;
}

/** A record's page at an address that names no record: "Order not found", and the way back. */
export function RecordMissing({ kind, back }: Pick<RecordGateProps<unknown>, 'kind' | 'back'>) {
  return (
    <>
      <h1>{`${kind.charAt(0).toUpperCase()}${kind.slice(1)} not found`}</h1>
      <p>
        No {kind} has this address. <Link to={back.to}>{back.label}</Link>
      </p>
    </>
  );
}

export function RecordGate<Data>({ load, loadingText, kind, back, children }: RecordGateProps<Data>) {
  switch (load.state) {
    case 'loading':
      return <p role="status">{loadingText}</p>;
    case 'missing':
      return <RecordMissing kind={kind} back={back} />;
    case 'failed':
      return (
        <p className="notice notice--error" role="alert">
          {load.message}
        </p>
      );
    case 'ready':
      return children(load.record);
  }
}
