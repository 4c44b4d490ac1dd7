import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, RESERVATION_NEWS } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { users } from './customers.ts';
import { orders } from './orders.ts';
import { reservations } from './reservations.ts';

// What happened to orders (the live streams read it) and the messages sent to customers about it (docs/decisions/010-operations.md).

/**
 * What happened to orders, in order: each brand's events are numbered 1, 2, 3… by the transaction that moved the
 * order (under a per-brand lock held to its commit, so numbers are committed in order), which makes the number a
 * safe Last-Event-ID. The same transaction NOTIFYs the row to every instance. Kept a day.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    merchantId: merchantId(),
    id: bigint({ mode: 'number' }).notNull(),
    orderId: uuid().notNull(),
    type: text().$type<'order' | 'position'>().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('order_events_order_idx').on(t.merchantId, t.orderId, t.id),
    index('order_events_at_idx').on(t.at),
    check('order_events_type_check', sql`${t.type} in ('order', 'position')`),
  ],
);

export const TELEGRAM_STATES = ['NONE', 'PENDING', 'SENT', 'FAILED'] as const;
export type TelegramState = (typeof TELEGRAM_STATES)[number];

/** What a notification is about: an order's status, or a reservation's news (issue 32). */
export const NOTIFICATION_KINDS = ['ORDER', 'RESERVATION'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A message to a customer about their order or their reservation (notificationsActive): the storefront's list, and the
 * row the Telegram sender works from (PENDING until the brand's bot delivered it), written in the move's transaction.
 * An ORDER row names the order and the status it reached; a RESERVATION row the reservation, its news and its time.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    orderId: uuid(),
    orderNumber: integer(),
    status: enumText(ORDER_STATUSES),
    kind: enumText(NOTIFICATION_KINDS).notNull().default('ORDER'),
    reservationId: uuid(),
    reservationNews: enumText(RESERVATION_NEWS),
    /** When the reservation is for, as it was when the customer was told. */
    reservationAt: timestamp({ withTimezone: true }),
    telegramChatId: text(),
    telegramState: enumText(TELEGRAM_STATES).notNull().default('NONE'),
    telegramTries: smallint().notNull().default(0),
    /** When the message is next due (a retry's wait), or the lease of the instance sending it. */
    telegramAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('notifications_user_idx').on(t.merchantId, t.userId, t.createdAt),
    index('notifications_telegram_idx')
      .on(t.createdAt)
      .where(sql`${t.telegramState} = 'PENDING'`),
    sameMerchant('notifications_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    sameMerchant('notifications_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    sameMerchant('notifications_reservation_fk', t.merchantId, t.reservationId, reservations).onDelete('cascade'),
    oneOf('notifications_status_check', t.status, ORDER_STATUSES),
    oneOf('notifications_kind_check', t.kind, NOTIFICATION_KINDS),
    oneOf('notifications_reservation_news_check', t.reservationNews, RESERVATION_NEWS),
    check(
      'notifications_reservation_check',
      sql`${t.kind} <> 'RESERVATION' or (${t.reservationId} is not null and ${t.reservationNews} is not null and ${t.reservationAt} is not null)`,
    ),
    oneOf('notifications_telegram_state_check', t.telegramState, TELEGRAM_STATES),
  ],
);
