import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, TABLE_BILL_STATUSES, WAITER_CALL_KINDS, WAITER_CALL_STATUSES } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { branches } from './branches.ts';
import { diningTables } from './back-office.ts';
import { orders } from './orders.ts';

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

/**
 * The table's bill as one online payment (decision 021): the orders of the session it covers, each with its amount
 * when the bill was opened (`table_bill_orders`), their sum, and the provider it is paid through. The providers name
 * it by its id where they name an order (Payme's account.order_id, ...); paying it pays every covered order in the
 * provider's transaction. Rules: packages/domain/src/table-bill.ts.
 */
export const tableBills = pgTable(
  'table_bills',
  {
    id: id(),
    merchantId: merchantId(),
    sessionId: uuid().notNull(),
    branchId: uuid().notNull(),
    provider: enumText(PAYMENT_PROVIDERS).notNull(),
    status: enumText(TABLE_BILL_STATUSES).notNull().default('OPEN'),
    /** In so'm: the sum of the covered orders' amounts. */
    total: integer().notNull(),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    index('table_bills_session_idx').on(t.merchantId, t.sessionId, t.createdAt),
    // A provider's call names the bill by its id alone.
    index('table_bills_id_idx').on(t.id),
    sameMerchant('table_bills_session_fk', t.merchantId, t.sessionId, tableSessions).onDelete('cascade'),
    oneOf('table_bills_provider_check', t.provider, PAYMENT_PROVIDERS),
    oneOf('table_bills_status_check', t.status, TABLE_BILL_STATUSES),
    check('table_bills_total_check', sql`${t.total} > 0`),
  ],
);

export type TableBillRow = typeof tableBills.$inferSelect;

/** The orders a bill covers, with the amount it pays for each. */
export const tableBillOrders = pgTable(
  'table_bill_orders',
  {
    merchantId: merchantId(),
    billId: uuid().notNull(),
    orderId: uuid().notNull(),
    /** In so'm: the order's total when the bill was opened. */
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.billId, t.orderId] }),
    index('table_bill_orders_order_idx').on(t.merchantId, t.orderId),
    sameMerchant('table_bill_orders_bill_fk', t.merchantId, t.billId, tableBills).onDelete('cascade'),
    sameMerchant('table_bill_orders_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    check('table_bill_orders_amount_check', sql`${t.amount} > 0`),
  ],
);
