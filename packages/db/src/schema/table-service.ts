import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WAITER_CALL_KINDS, WAITER_CALL_STATUSES } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { branches } from './branches.ts';
import { diningTables } from './back-office.ts';

// Service at the table (issue 32, docs/restaurant.md "QR tables"): the rules are the domain's (table-service.ts, table-link.ts).

/**
 * A table's running session, opened by the first guest who opens its QR link and joined by the others; its orders make
 * the table's bill. One open session per table (the partial unique index). It ends when the staff close the table,
 * or by itself TABLE_SERVICE.sessionHours after it opened.
 */
export const tableSessions = pgTable(
  'table_sessions',
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid().notNull(),
    hallId: uuid().notNull(),
    tableId: uuid().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    /** The staff member who closed the table. */
    closedBy: uuid(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('table_sessions_open_key')
      .on(t.merchantId, t.tableId)
      .where(sql`${t.closedAt} is null`),
    index('table_sessions_branch_idx').on(t.merchantId, t.branchId, t.openedAt),
    sameMerchant('table_sessions_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
    sameMerchant('table_sessions_table_fk', t.merchantId, t.tableId, diningTables).onDelete('cascade'),
  ],
);

export type TableSessionRow = typeof tableSessions.$inferSelect;

/** A table's call to the staff: the waiter, or the bill by cash or card. One not closed per table and kind. */
export const waiterCalls = pgTable(
  'waiter_calls',
  {
    id: id(),
    merchantId: merchantId(),
    branchId: uuid().notNull(),
    tableId: uuid().notNull(),
    sessionId: uuid().notNull(),
    kind: enumText(WAITER_CALL_KINDS).notNull(),
    status: enumText(WAITER_CALL_STATUSES).notNull().default('OPEN'),
    note: text().notNull().default(''),
    createdAt: createdAt(),
    takenAt: timestamp({ withTimezone: true }),
    /** The staff member coming to the table. */
    takenBy: uuid(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: uuid(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('waiter_calls_open_key')
      .on(t.merchantId, t.tableId, t.kind)
      .where(sql`${t.status} <> 'CLOSED'`),
    index('waiter_calls_branch_idx').on(t.merchantId, t.branchId, t.status),
    index('waiter_calls_session_idx').on(t.merchantId, t.sessionId, t.createdAt),
    oneOf('waiter_calls_kind_check', t.kind, WAITER_CALL_KINDS),
    oneOf('waiter_calls_status_check', t.status, WAITER_CALL_STATUSES),
    sameMerchant('waiter_calls_session_fk', t.merchantId, t.sessionId, tableSessions).onDelete('cascade'),
  ],
);

export type WaiterCallRow = typeof waiterCalls.$inferSelect;
