/** What scripts/bench-data.ts times, as web/bench/admin-calls.ts (the admin's own modules) provides it. */

export interface Operation {
  name: string;
  /** A paged read (or site search): its growth from seed size to large size must stay within 2×. */
  paged: boolean;
  /** Run before the timed calls at each size (the last page's number depends on the size). */
  prepare?(): Promise<void>;
  run(): Promise<unknown>;
}

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  /** The most heap in use (after a full collection, all of the process's) while exporting. */
  peakBytes: number;
}

export interface BenchTarget {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface AdminCalls {
  /** Signs the admin's browser client in as a new staff member (admin role), second factor passed: aal2. */
  signInStaff(target: BenchTarget): Promise<void>;
  /** The staff and buyer operations, on the data as it is now. */
  operations(target: BenchTarget): Promise<Operation[]>;
  /** Every subscriber as the admin's Export CSV button streams them. */
  exportSubscribersCsv(): Promise<ExportFigures>;
}
