import { inArray, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column in (ids)`, where an empty list matches no row (SQL's `false`), in any query and any driver. The one way our
 * queries ask for "these ids" when the list may be empty (a staff member of no branch, "mark none read"): before it,
 * each query put a nil UUID in the empty list so that it matched nothing.
 */
export function inIds(column: Column, ids: readonly string[]): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}
