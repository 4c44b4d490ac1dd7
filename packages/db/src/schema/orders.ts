import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CASHBACK_ENTRY_KINDS,
  CHANNEL_TYPES,
  DEFAULT_LEAD_TIME_MINUTES,
  ORDER_CHANGE_REASONS,
  ORDER_DEVICES,
  ORDER_ROLES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  REFUND_STATES,
  SERVICE_TYPES,
  COURIER_STATUSES,
  type AddressType,
  type LocalizedText,
  type AddressDetails,
} from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, localized, createdAt } from './columns.ts';
import { merchants, merchantId } from './merchants.ts';
import { branches } from './branches.ts';
import { products, promos } from './catalogue.ts';
import { users } from './customers.ts';
import { staff } from './staff.ts';

// ── Orders (issue 13; docs/decisions/008-order-lifecycle.md) ─────────────────────────────────────────────

/** How a brand takes orders beyond its settings flags; a brand without a row has the defaults. */
export const merchantOrderSettings = pgTable(
  'merchant_order_settings',
  {
    merchantId: uuid()
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** A scheduled order is at least this far ahead, and opens for the branch this long before its time. */
    leadTimeMinutes: integer().notNull().default(DEFAULT_LEAD_TIME_MINUTES),
    /** An order awaiting online payment is cancelled after this long (the payment issue's timer). */
    unpaidCancelMinutes: integer().notNull().default(20),
    /** Percent of what a customer pays that comes back as cashback once the order is completed (with cashbackActive). */
    cashbackPercent: integer().notNull().default(0),
  },
  (t) => [
    check('merchant_order_settings_lead_time_check', sql`${t.leadTimeMinutes} between 0 and 1440`),
    check('merchant_order_settings_unpaid_check', sql`${t.unpaidCancelMinutes} between 1 and 1440`),
    check('merchant_order_settings_cashback_check', sql`${t.cashbackPercent} between 0 and 100`),
  ],
);

/** A payment method of a brand (docs/spec-index.md section 3, Payment method) with the channels it may be used on. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    merchantId: merchantId(),
    type: enumText(PAYMENT_TYPES).notNull(),
    name: text().notNull().default(''),
    icon: text().notNull().default(''),
    title: localized(),
    iikoId: text(),
    isActive: boolean().notNull().default(true),
    webEnabled: boolean().notNull().default(true),
    botEnabled: boolean().notNull().default(true),
    appEnabled: boolean().notNull().default(true),
    qrEnabled: boolean().notNull().default(true),
    operatorEnabled: boolean().notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('payment_methods_type_key').on(t.merchantId, t.type),
    oneOf('payment_methods_type_check', t.type, PAYMENT_TYPES),
  ],
);

/** The last order number a brand gave out: taken and raised in the transaction that places an order. */
export const orderCounters = pgTable('order_counters', {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  lastNumber: integer().notNull().default(0),
});

/** Where an order goes, as it was when ordered (a saved address may change or go later). */
export interface OrderAddressJson {
  latitude: number;
  longitude: number;
  type: AddressType;
  streetName: string;
  houseNumber: string;
  description: string;
  details: AddressDetails;
  addressId: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    merchantId: merchantId(),
    /** Per brand, increasing: the number people read aloud. */
    number: integer().notNull(),
    userId: uuid().notNull(),
    branchId: uuid().notNull(),
    status: enumText(ORDER_STATUSES).notNull(),
    serviceType: enumText(SERVICE_TYPES).notNull(),
    paymentType: enumText(PAYMENT_TYPES).notNull(),
    orderDevice: enumText(ORDER_DEVICES).notNull(),
    /** Where the order came from (spec section 1): WEB, TG (the brand's Telegram Mini App), CLICK (Click's mini app)… */
    channel: enumText(CHANNEL_TYPES).notNull().default('WEB'),
    isPaid: boolean().notNull().default(false),
    address: jsonb().$type<OrderAddressJson>(),
    /** The delivery zone that priced it (zones are rewritten by imports, so no reference). */
    zoneId: uuid(),
    comment: text().notNull().default(''),
    courierComment: text().notNull().default(''),
    receiver: jsonb().$type<{ name: string; phone: string }>(),
    sendCheque: boolean().notNull().default(false),
    sendChequePhone: text(),
    /** The hall and table of a dine-in order placed from a table's QR session: the session's, never the body's. */
    hallId: text(),
    tableId: text(),
    /** The table session (table_sessions) whose running bill the order is on. */
    tableSessionId: uuid(),
    productCount: integer().notNull(),
    productPrice: integer().notNull(),
    productDiscount: integer().notNull(),
    promoProductDiscount: integer().notNull(),
    deliveryPrice: integer().notNull(),
    deliveryDiscount: integer().notNull(),
    serviceFee: integer().notNull(),
    totalDiscount: integer().notNull(),
    totalPrice: integer().notNull(),
    /** Cashback spent on the order. */
    cashback: integer().notNull().default(0),
    /** Cashback the order earns, credited once it is completed. */
    cashbackEarned: integer().notNull().default(0),
    promoId: uuid(),
    promoCode: text(),
    /** A scheduled order's time; null for "now". */
    deliveryAt: timestamp({ withTimezone: true }),
    /** When a scheduled order opens for the branch (its lead time before deliveryAt). */
    opensAt: timestamp({ withTimezone: true }),
    /** An order awaiting online payment is cancelled after this. */
    payUntil: timestamp({ withTimezone: true }),
    /** Why it was cancelled. */
    reason: text(),
    /** Hidden from the customer's history. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** The refund the customer's cancel of an order paid online started (domain order-refund.ts); null for none. */
    refundState: enumText(REFUND_STATES),
    refundStartedAt: timestamp({ withTimezone: true }),
    /**
     * The refund's work (payments refunds.service.ts): the reversals asked of the provider so far, when the next is
     * due (also the lease of the one under way), the last reason it was refused or not heard, when it was done and,
     * when a manager marked it refunded by hand, who. `refundVersion` is the console's version of the refund.
     */
    refundTries: integer().notNull().default(0),
    refundNextAt: timestamp({ withTimezone: true }),
    refundError: text(),
    refundDoneAt: timestamp({ withTimezone: true }),
    refundDoneBy: uuid(),
    refundVersion: integer().notNull().default(1),
    /** The courier (staff) it is attached to, and where the courier is with it (docs/spec-index.md section 4, courier status). */
    courierId: uuid(),
    courierStatus: enumText(COURIER_STATUSES).notNull().default(''),
    /** The staff member who accepted it. */
    operatorId: uuid(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** When the kitchen marked it ready (DONE). */
    readyAt: timestamp({ withTimezone: true }),
    /** When it reached the customer (DELIVERED, or CLOSED at the counter). */
    deliveredAt: timestamp({ withTimezone: true }),
    /** Minutes the kitchen said it needs when accepting. */
    cookingTime: integer(),
    /** The customer's Telegram chat, from verified Mini App data, for status messages through the brand's bot. */
    telegramChatId: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('orders_number_key').on(t.merchantId, t.number),
    // The board: a branch's orders of the day and its active ones.
    index('orders_branch_idx').on(t.merchantId, t.branchId, t.createdAt),
    index('orders_courier_idx')
      .on(t.merchantId, t.courierId)
      .where(sql`${t.courierId} is not null`),
    // The payment providers name an order by its id alone (ids are unique across brands).
    index('orders_id_idx').on(t.id),
    index('orders_user_idx').on(t.merchantId, t.userId, t.createdAt),
    // A table's running bill.
    index('orders_table_session_idx')
      .on(t.merchantId, t.tableSessionId)
      .where(sql`${t.tableSessionId} is not null`),
    // The timers' work lists: scheduled orders to open, unpaid ones to cancel.
    index('orders_opens_at_idx')
      .on(t.merchantId, t.opensAt)
      .where(sql`${t.status} = 'AT_TIME'`),
    // The refunds' work list and the console's refunds (STARTED or FAILED).
    index('orders_refund_idx')
      .on(t.merchantId, t.refundStartedAt)
      .where(sql`${t.refundState} in ('STARTED', 'FAILED')`),
    index('orders_pay_until_idx')
      .on(t.merchantId, t.payUntil)
      .where(sql`${t.status} = 'CREATED'`),
    sameMerchant('orders_user_fk', t.merchantId, t.userId, users),
    sameMerchant('orders_branch_fk', t.merchantId, t.branchId, branches),
    sameMerchant('orders_promo_fk', t.merchantId, t.promoId, promos),
    oneOf('orders_status_check', t.status, ORDER_STATUSES),
    oneOf('orders_service_type_check', t.serviceType, SERVICE_TYPES),
    oneOf('orders_payment_type_check', t.paymentType, PAYMENT_TYPES),
    oneOf('orders_order_device_check', t.orderDevice, ORDER_DEVICES),
    oneOf('orders_channel_check', t.channel, CHANNEL_TYPES),
    oneOf('orders_courier_status_check', t.courierStatus, COURIER_STATUSES),
    oneOf('orders_refund_state_check', t.refundState, REFUND_STATES),
    sameMerchant('orders_courier_fk', t.merchantId, t.courierId, staff),
    sameMerchant('orders_operator_fk', t.merchantId, t.operatorId, staff),
    sameMerchant('orders_refund_done_by_fk', t.merchantId, t.refundDoneBy, staff),
    check('orders_cooking_time_check', sql`${t.cookingTime} is null or ${t.cookingTime} between 1 and 240`),
    check(
      'orders_amounts_check',
      sql`${t.number} > 0 and ${t.productCount} >= 0 and ${t.productPrice} >= 0 and ${t.productDiscount} >= 0 and ${t.promoProductDiscount} >= 0
        and ${t.deliveryPrice} >= 0 and ${t.deliveryDiscount} >= 0 and ${t.serviceFee} >= 0 and ${t.totalDiscount} >= 0 and ${t.totalPrice} >= 0
        and ${t.cashback} >= 0 and ${t.cashbackEarned} >= 0`,
    ),
  ],
);

export interface OrderLineModificationJson {
  id: string;
  groupId: string;
  name: LocalizedText;
  count: number;
  price: number;
}

/** A line of an order: the product's name, picture and prices as they were when it was ordered. */
export const orderLines = pgTable(
  'order_lines',
  {
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    /** Its place in the order, from 0. */
    position: integer().notNull(),
    productId: uuid().notNull(),
    name: localized(),
    image: text().notNull().default(''),
    count: integer().notNull(),
    /** The product's stock was counted and taken down by this line: a cancel gives it back. */
    stockTaken: boolean().notNull().default(false),
    unitPrice: integer().notNull(),
    modifications: jsonb().$type<OrderLineModificationJson[]>().notNull().default([]),
    gross: integer().notNull(),
    discount: integer().notNull(),
    net: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.orderId, t.position] }),
    sameMerchant('order_lines_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    sameMerchant('order_lines_product_fk', t.merchantId, t.productId, products),
    check(
      'order_lines_amounts_check',
      sql`${t.count} > 0 and ${t.unitPrice} >= 0 and ${t.gross} >= 0 and ${t.discount} >= 0 and ${t.net} >= 0`,
    ),
  ],
);

/** Every status an order took: from, to, who, why, a comment and when. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    /** Null for the status an order was placed in. */
    fromStatus: enumText(ORDER_STATUSES),
    toStatus: enumText(ORDER_STATUSES).notNull(),
    role: enumText(ORDER_ROLES).notNull(),
    reason: enumText(ORDER_CHANGE_REASONS).notNull(),
    comment: text().notNull().default(''),
    /** The staff member who made the move, when one did. */
    staffId: uuid(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    tenantKey(t),
    index('order_status_history_order_idx').on(t.merchantId, t.orderId, t.at),
    sameMerchant('order_status_history_staff_fk', t.merchantId, t.staffId, staff),
    sameMerchant('order_status_history_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    oneOf('order_status_history_from_status_check', t.fromStatus, ORDER_STATUSES),
    oneOf('order_status_history_to_status_check', t.toStatus, ORDER_STATUSES),
    oneOf('order_status_history_role_check', t.role, ORDER_ROLES),
    oneOf('order_status_history_reason_check', t.reason, ORDER_CHANGE_REASONS),
  ],
);

/**
 * The cashback ledger: a customer's balance is the sum of their entries (users.cashback holds that sum,
 * changed in the same statement as each entry is written, and never below zero).
 */
export const cashbackEntries = pgTable(
  'cashback_entries',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    orderId: uuid(),
    kind: enumText(CASHBACK_ENTRY_KINDS).notNull(),
    /** Signed: spent is negative. */
    amount: integer().notNull(),
    /** The balance once this entry is counted. */
    balanceAfter: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('cashback_entries_user_idx').on(t.merchantId, t.userId, t.createdAt),
    sameMerchant('cashback_entries_user_fk', t.merchantId, t.userId, users),
    sameMerchant('cashback_entries_order_fk', t.merchantId, t.orderId, orders),
    oneOf('cashback_entries_kind_check', t.kind, CASHBACK_ENTRY_KINDS),
    check('cashback_entries_amount_check', sql`${t.amount} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);

/** A promo code used by an order; removed again when the order is cancelled. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: id(),
    merchantId: merchantId(),
    promoId: uuid().notNull(),
    orderId: uuid().notNull(),
    userId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('promo_uses_order_key').on(t.merchantId, t.orderId),
    index('promo_uses_promo_idx').on(t.merchantId, t.promoId, t.userId),
    sameMerchant('promo_uses_promo_fk', t.merchantId, t.promoId, promos),
    sameMerchant('promo_uses_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    sameMerchant('promo_uses_user_fk', t.merchantId, t.userId, users),
  ],
);

/** An order request's Idempotency-Key: the same key and body within 24 h answer the order it placed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: merchantId(),
    userId: uuid().notNull(),
    key: text().notNull(),
    /** SHA-256 of the request (its path and canonical body). */
    bodyHash: text().notNull(),
    orderId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.userId, t.key] }),
    sameMerchant('idempotency_keys_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    sameMerchant('idempotency_keys_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
  ],
);
