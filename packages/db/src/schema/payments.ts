import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt, version } from './columns.ts';
import { merchantId } from './merchants.ts';
import { users } from './customers.ts';
import { orders } from './orders.ts';
import { tableBills } from './table-service.ts';

// ── Payments, the merchant side (issue 14; docs/decisions/009-payments-merchant-side.md) ────────────────────

export type { PaymentProvider } from '@dasturxon/domain';
/** A Payme transaction's states: created, performed, cancelled before perform, cancelled after perform (docs/protocols.md 1.3). */
export const PAYME_STATES = [1, 2, -1, -2] as const;
export type PaymeState = (typeof PAYME_STATES)[number];
/** Payme's cancel reasons (docs/protocols.md 1.3). */
export const PAYME_REASONS = [1, 2, 3, 4, 5, 10] as const;
export type PaymeReason = (typeof PAYME_REASONS)[number];
export const CLICK_STATES = ['PREPARED', 'COMPLETED', 'CANCELLED'] as const;
export type ClickState = (typeof CLICK_STATES)[number];
/** FAILED: Uzum confirmed a transaction whose order could no longer be paid (cancelled meanwhile); /status answers it. */
export const UZUM_STATES = ['CREATED', 'CONFIRMED', 'REVERSED', 'FAILED'] as const;
export type UzumState = (typeof UZUM_STATES)[number];

/** Milliseconds since the epoch, as the providers count time. */
const ms = () => bigint({ mode: 'number' });

/**
 * A brand's account at a provider: its credentials sealed (AES-256-GCM under PAYMENT_SECRETS_KEY, bound to the
 * brand and provider: packages/db/src/payment-accounts.ts), and a keyed digest of what identifies a caller (Payme's
 * active key, Click's service id, Uzum's login and password), so a call that names no order finds its brand
 * without any credential kept in the clear. Never selected by a public call.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    merchantId: merchantId(),
    version: version(),
    provider: enumText(PAYMENT_PROVIDERS).notNull(),
    credentials: text().notNull(),
    lookup: text().notNull(),
    isActive: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.provider] }),
    index('payment_accounts_lookup_idx').on(t.provider, t.lookup),
    oneOf('payment_accounts_provider_check', t.provider, PAYMENT_PROVIDERS),
  ],
);

/** Payme's transactions (docs/protocols.md 1): one row per Payme id and brand; times in ms as Payme counts them. */
export const paymeTransactions = pgTable(
  'payme_transactions',
  {
    /** Our id: the `transaction` Payme is answered with. */
    id: id(),
    merchantId: merchantId(),
    paymeId: text().notNull(),
    /** The order paid, or (decision 021) the table's bill paid as one payment: exactly one of the two. */
    orderId: uuid(),
    billId: uuid(),
    /** In tiyin. */
    amount: bigint({ mode: 'number' }).notNull(),
    state: smallint().$type<PaymeState>().notNull(),
    reason: smallint().$type<PaymeReason>(),
    /** Payme's own `time` of the transaction (GetStatement selects by it). */
    paymeTime: ms().notNull(),
    createTime: ms().notNull(),
    performTime: ms(),
    cancelTime: ms(),
    /** SetFiscalData's receipts, by type (PERFORM, CANCEL). */
    fiscalData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('payme_transactions_payme_id_key').on(t.merchantId, t.paymeId),
    // One-time account: at most one created or performed transaction per order.
    uniqueIndex('payme_transactions_live_order_key')
      .on(t.merchantId, t.orderId)
      .where(sql`${t.state} in (1, 2)`),
    uniqueIndex('payme_transactions_live_bill_key')
      .on(t.merchantId, t.billId)
      .where(sql`${t.state} in (1, 2)`),
    // A call naming only Payme's id finds its brand.
    index('payme_transactions_payme_id_idx').on(t.paymeId),
    index('payme_transactions_time_idx').on(t.merchantId, t.paymeTime),
    sameMerchant('payme_transactions_order_fk', t.merchantId, t.orderId, orders),
    sameMerchant('payme_transactions_bill_fk', t.merchantId, t.billId, tableBills),
    check('payme_transactions_payable_check', sql`(${t.orderId} is null) <> (${t.billId} is null)`),
    check('payme_transactions_state_check', sql`${t.state} in (${sql.raw(PAYME_STATES.join(', '))})`),
    check('payme_transactions_reason_check', sql`${t.reason} in (${sql.raw(PAYME_REASONS.join(', '))})`),
    check('payme_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Click's payments (docs/protocols.md 2): Prepare writes a row, Complete completes or cancels it; our id is merchant_prepare_id. */
export const clickTransactions = pgTable(
  'click_transactions',
  {
    merchantId: merchantId(),
    /** merchant_prepare_id (and merchant_confirm_id). */
    id: integer().generatedAlwaysAsIdentity(),
    /** Click's ids, kept as the digits they were sent as. */
    clickTransId: text().notNull(),
    clickPaydocId: text().notNull(),
    /** The order paid (merchant_trans_id), or (decision 021) the table's bill paid as one payment: exactly one of the two. */
    orderId: uuid(),
    billId: uuid(),
    /** In tiyin. */
    amount: bigint({ mode: 'number' }).notNull(),
    state: enumText(CLICK_STATES).notNull(),
    /** The `error` Click sent with a Complete that cancelled it. */
    clickError: integer(),
    preparedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** When Click reversed this completed payment at our request (payment/reversal: the customer's cancel). */
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('click_transactions_click_trans_id_key').on(t.merchantId, t.clickTransId),
    // An order is paid once: at most one completed payment per order.
    uniqueIndex('click_transactions_completed_order_key')
      .on(t.merchantId, t.orderId)
      .where(sql`${t.state} = 'COMPLETED'`),
    // And a table's bill: at most one completed payment per bill.
    uniqueIndex('click_transactions_completed_bill_key')
      .on(t.merchantId, t.billId)
      .where(sql`${t.state} = 'COMPLETED'`),
    sameMerchant('click_transactions_order_fk', t.merchantId, t.orderId, orders),
    sameMerchant('click_transactions_bill_fk', t.merchantId, t.billId, tableBills),
    check('click_transactions_payable_check', sql`(${t.orderId} is null) <> (${t.billId} is null)`),
    oneOf('click_transactions_state_check', t.state, CLICK_STATES),
    check('click_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Uzum's transactions (docs/protocols.md 3); times in ms. */
export const uzumTransactions = pgTable(
  'uzum_transactions',
  {
    id: id(),
    merchantId: merchantId(),
    transId: text().notNull(),
    /** The order paid (params.orderId), or (decision 021) the table's bill paid as one payment: exactly one of the two. */
    orderId: uuid(),
    billId: uuid(),
    /** In tiyin. */
    amount: bigint({ mode: 'number' }).notNull(),
    state: enumText(UZUM_STATES).notNull(),
    transTime: ms().notNull(),
    confirmTime: ms(),
    reverseTime: ms(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('uzum_transactions_trans_id_key').on(t.merchantId, t.transId),
    // An order is paid once: at most one confirmed transaction per order.
    uniqueIndex('uzum_transactions_confirmed_order_key')
      .on(t.merchantId, t.orderId)
      .where(sql`${t.state} = 'CONFIRMED'`),
    // And a table's bill: at most one confirmed transaction per bill.
    uniqueIndex('uzum_transactions_confirmed_bill_key')
      .on(t.merchantId, t.billId)
      .where(sql`${t.state} = 'CONFIRMED'`),
    // A call naming only Uzum's transId finds its brand.
    index('uzum_transactions_trans_id_idx').on(t.transId),
    sameMerchant('uzum_transactions_order_fk', t.merchantId, t.orderId, orders),
    sameMerchant('uzum_transactions_bill_fk', t.merchantId, t.billId, tableBills),
    check('uzum_transactions_payable_check', sql`(${t.orderId} is null) <> (${t.billId} is null)`),
    oneOf('uzum_transactions_state_check', t.state, UZUM_STATES),
    check('uzum_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

// ── Saved cards (issue 14; docs/decisions/009-payments-merchant-side.md, "Saved cards") ──────────────────────

/** The providers a card is saved at: Click's card tokens (docs/protocols.md 2.8). */
export const SAVED_CARD_PROVIDERS = ['CLICK'] as const satisfies readonly (typeof PAYMENT_PROVIDERS)[number][];
export type SavedCardProvider = (typeof SAVED_CARD_PROVIDERS)[number];
/** PENDING: Click sent the SMS code; VERIFIED: the code came back right, the card is listed and can pay. */
export const SAVED_CARD_STATES = ['PENDING', 'VERIFIED'] as const;
export type SavedCardState = (typeof SAVED_CARD_STATES)[number];
/**
 * A payment with a saved card: PENDING while Click is asked (or when its answer was lost), PAID, FAILED (Click
 * declined it), REFUNDED (Click took the money for an order that could no longer be paid, and gave it back), and
 * REFUND_FAILED (that reversal failed: an operator must settle it with Click).
 */
export const CARD_PAYMENT_STATES = ['PENDING', 'PAID', 'FAILED', 'REFUNDED', 'REFUND_FAILED'] as const;
export type CardPaymentState = (typeof CARD_PAYMENT_STATES)[number];

/**
 * A customer's card saved at the brand's Click account: Click's token sealed (AES-256-GCM under
 * PAYMENT_SECRETS_KEY, bound to the brand and the card's id), what is shown of the number, and the expiry. The card
 * number and CVV are never stored. A deleted card keeps its row (its payments name it) without its token.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    provider: enumText(SAVED_CARD_PROVIDERS).notNull(),
    /** The provider's card token, sealed; empty once the card is deleted. */
    token: text().notNull(),
    /** `8600 **** **** 1234`: the first four (the scheme, for the icon) and the last four digits. */
    maskedNumber: text().notNull(),
    /** `MM/YY`. */
    expiry: text().notNull(),
    state: enumText(SAVED_CARD_STATES).notNull().default('PENDING'),
    /** Wrong SMS codes sent for a pending card; at the limit the card is dropped. */
    wrongCodes: smallint().notNull().default(0),
    createdAt: createdAt(),
    verifiedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    index('saved_cards_user_idx').on(t.merchantId, t.userId, t.createdAt),
    sameMerchant('saved_cards_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    oneOf('saved_cards_provider_check', t.provider, SAVED_CARD_PROVIDERS),
    oneOf('saved_cards_state_check', t.state, SAVED_CARD_STATES),
  ],
);

/**
 * Orders paid with a saved card (Click's card_token/payment): one row per attempt. At most one attempt of an order
 * is PENDING or PAID, so two taps on "pay" never ask Click twice. A PAID attempt also has its COMPLETED row in
 * `click_transactions` (click_trans_id = Click's payment_id), so Click's SHOP API cannot pay the order again.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    cardId: uuid().notNull(),
    userId: uuid().notNull(),
    /** In tiyin, as the other ledgers (Click is sent the sums). */
    amount: bigint({ mode: 'number' }).notNull(),
    state: enumText(CARD_PAYMENT_STATES).notNull(),
    /** Click's payment_id, once Click answered with one. */
    clickPaymentId: text(),
    /** Click's payment_status (2 success, 0/1 under way, < 0 failed) and error_code as last answered. */
    paymentStatus: integer(),
    clickError: integer(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('card_payments_live_order_key')
      .on(t.merchantId, t.orderId)
      .where(sql`${t.state} in ('PENDING', 'PAID')`),
    sameMerchant('card_payments_order_fk', t.merchantId, t.orderId, orders),
    sameMerchant('card_payments_card_fk', t.merchantId, t.cardId, savedCards),
    oneOf('card_payments_state_check', t.state, CARD_PAYMENT_STATES),
    check('card_payments_amount_check', sql`${t.amount} > 0`),
  ],
);
