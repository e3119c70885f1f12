/**
 * PostgreSQL reports every column of a view as nullable, so the generated types do too, even where
 * the view only copies NOT NULL columns (the public_* views). This keeps the rows whose required
 * columns all hold a value, typed so, and reports each row it drops: a view that starts returning
 * nulls is a bug to see in the logs, not one to hide behind a non-null assertion.
 */

/** `Row` with the `Required` columns known to hold a value. */
export type WithValues<Row, Required extends keyof Row> = {
  [Column in keyof Row]: Column extends Required ? NonNullable<Row[Column]> : Row[Column];
};

export function rowsWithValues<Row extends object, Required extends keyof Row & string>(
  rows: readonly Row[],
  required: readonly Required[],
  source: string,
): WithValues<Row, Required>[] {
  return rows.filter((row): row is WithValues<Row, Required> => {
    const missing = required.filter((column) => row[column] === null || row[column] === undefined);
    if (missing.length > 0) console.error(`[${source}] dropped a row without ${missing.join(', ')}`);
    return missing.length === 0;
  });
}
