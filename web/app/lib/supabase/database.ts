/**
 * The website's view of the database: the generated `Database` type (supabase/database.types.ts,
 * `npm run typegen`), the client typed by it, and the NOT NULL columns of each table.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '../../../../supabase/database.types';

export type { Database };

export type DatabaseClient = SupabaseClient<Database>;

/** The columns of `table` that can never hold null (a view's copy of them cannot either). */
export type NotNullColumn<Table extends keyof Database['public']['Tables']> = {
  [Column in keyof Tables<Table>]-?: null extends Tables<Table>[Column] ? never : Column;
}[keyof Tables<Table>];
