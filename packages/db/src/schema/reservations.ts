import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RESERVATION_STATUSES } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, version, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { branches } from './branches.ts';
import { users } from './customers.ts';

// Table reservations (issue 32): the rule of what may be booked is the domain's (packages/domain/src/reservations.ts).

/**
 * A table held at a branch for a time: made by a customer in the storefront, or by the staff for a phone call (no
 * customer then, only a name and a phone). The hall and table are the ones the domain's rule chose (or the staff
 * seated the guests at); they are kept without a reference so a table removed later leaves the book's history.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    branchId: uuid().notNull(),
    /** The customer who booked it; null for one the staff wrote for a phone call. */
    userId: uuid(),
    /** The hall the customer asked for, if any. */
    hallId: uuid(),
    tableId: uuid().notNull(),
    name: text().notNull(),
    /** E.164. */
    phone: text().notNull(),
    guests: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: enumText(RESERVATION_STATUSES).notNull().default('REQUESTED'),
    comment: text().notNull().default(''),
    /** Why the staff cancelled it, or the customer's "changed my mind". */
    cancelReason: text(),
    /** The staff member who wrote it for a phone call, or last moved it. */
    staffId: uuid(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('reservations_branch_time_idx').on(t.merchantId, t.branchId, t.startsAt),
    index('reservations_user_idx').on(t.merchantId, t.userId, t.startsAt),
    oneOf('reservations_status_check', t.status, RESERVATION_STATUSES),
    check('reservations_guests_check', sql`${t.guests} > 0`),
    check('reservations_stay_check', sql`${t.endsAt} > ${t.startsAt}`),
    sameMerchant('reservations_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
    sameMerchant('reservations_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
  ],
);

export type ReservationRow = typeof reservations.$inferSelect;
