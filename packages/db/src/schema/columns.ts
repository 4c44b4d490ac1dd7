import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, foreignKey, integer, jsonb, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@dasturxon/domain';

// The column and key helpers every table of the schema is written with (merchantId, which references the merchants
// table, is beside it in merchants.ts).
//
// Column names are the snake_case of the keys (the client and drizzle-kit use `casing: 'snake_case'`).
//
// Tenant keys (docs/decisions/007): every tenant-owned table carries merchant_id; its primary key is
// (merchant_id, id) or starts with merchant_id; every foreign key between tenant tables is
// (merchant_id, x_id) → (merchant_id, id), so the database itself refuses a row that points at another
// brand's row, and the schema can be distributed by merchant_id (Citus) as it is. merchant_id leads every
// unique index, except on the two routing tables a request is resolved with before its brand is known
// (merchants.sub, brands.domain_url), which would be reference tables there.
//
// Enumerations (decision 001's rule, for every enum column): a text column holding a domain enum is typed
// with it and checked by the database against the same list (`<table>_<column>_check`).

export const id = () => uuid().notNull().defaultRandom();

/** The primary key of a tenant table with its own id. */
export const tenantKey = (t: { merchantId: AnyPgColumn; id: AnyPgColumn }) => primaryKey({ columns: [t.merchantId, t.id] });

/** A reference to a row of another tenant table, of the same merchant. */
export const sameMerchant = (
  name: string,
  merchantColumn: AnyPgColumn,
  column: AnyPgColumn,
  target: { merchantId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns: [merchantColumn, column], foreignColumns: [target.merchantId, target.id] });

/** A text as an SQL literal, for checks built from the domain's lists. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The database's check that a column holds one of an enum's values (null passes: nullability is the column's). */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);

/** A text column typed with a domain enum (checked by `oneOf` in its table). */
export const enumText = <T extends string>(_values: readonly T[]) => text().$type<T>();
export const localized = () => jsonb().$type<LocalizedText>().notNull().default({});
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * The row's version for optimistic concurrency (issue 28, decision 017): the back office sends the version it read and
 * its write applies only while the row still has it (`version = version + 1 where version = $read`); a stale write
 * answers 409 VERSION_CONFLICT. Other writers (orders taking stock, the stop-list) leave it alone.
 */
export const version = () => integer().notNull().default(1);
