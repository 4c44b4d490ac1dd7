/** Values the schema gives a meaning to, owned here so the seed, the server and the migrations agree. */

/** The key of the merchant-wide service fee row: the table's key cannot hold a null city, so this id stands for "every city". */
export const MERCHANT_WIDE_CITY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The ids of PostgreSQL's advisory locks we take, one per purpose, so no two purposes ever share one
 * (per-row locks use `pg_advisory_xact_lock(hashtextextended(key, 0))` with a key that names its purpose).
 */
export const ADVISORY_LOCK = {
  /** Applying the migrations: several instances starting at once apply them once. */
  MIGRATE: 7261001,
  /** Seeding the demo brands. */
  SEED: 7261002,
} as const;
