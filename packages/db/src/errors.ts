/**
 * PostgreSQL's error codes (SQLSTATE) that the services act on, recognised in one place whatever the
 * driver (pg, PGlite) or Drizzle wraps around them.
 */
export const PG_ERROR = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
  CHECK_VIOLATION: '23514',
  SERIALIZATION_FAILURE: '40001',
} as const;

export type PgErrorCode = (typeof PG_ERROR)[keyof typeof PG_ERROR];

/** The SQLSTATE of a database error, looking through the causes the driver and Drizzle wrap it in; null for anything else. */
export function pgErrorCode(error: unknown): string | null {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    // SQLSTATE classes start with a digit or F, H, P, X; Node's own codes (EPIPE, ECONNRESET) start with E.
    if (typeof e.code === 'string' && /^[0-9FHPX][0-9A-Z]{4}$/.test(e.code)) return e.code;
  }
  return null;
}

/** A unique index refused the write (another row already holds the value). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG_ERROR.UNIQUE_VIOLATION;
}
