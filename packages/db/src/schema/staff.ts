import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES, type CourierStatus } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt, version } from './columns.ts';
import { merchantId } from './merchants.ts';

// Operations: the brand's staff, their sessions and failed logins, and where couriers are (issue 15; docs/decisions/010-operations.md).

/** A brand's staff member: logs in to the console by phone and password; works at some branches in one role. */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    /** E.164. */
    phone: text().notNull(),
    name: text().notNull().default(''),
    role: enumText(STAFF_ROLES).notNull(),
    /** scrypt, as `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: text().notNull(),
    /** The branches the member works at; an admin with none works at every branch. */
    branchIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isActive: boolean().notNull().default(true),
    /**
     * The password is a one-time one (an invitation, a reset, a new brand's owner): the login answers that it must be
     * changed, and every other staff call answers PASSWORD_CHANGE_REQUIRED until `POST /api/ops/v1/auth/password`.
     */
    mustChangePassword: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), uniqueIndex('staff_merchant_phone_key').on(t.merchantId, t.phone), oneOf('staff_role_check', t.role, STAFF_ROLES)],
);

/** A staff member's session: separate from customers' (a customer token is never a staff token). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    merchantId: merchantId(),
    staffId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('staff_sessions_token_key').on(t.merchantId, t.tokenHash),
    sameMerchant('staff_sessions_staff_fk', t.merchantId, t.staffId, staff).onDelete('cascade'),
  ],
);

/**
 * A failed staff login: the number tried, the client address (in domain `clientNetwork`'s spelling, so a network is a
 * prefix of it) and when; counted per number from an address, per network and per number, kept 24 h (decision 010).
 */
export const staffLoginFailures = pgTable(
  'staff_login_failures',
  {
    id: id(),
    merchantId: merchantId(),
    phone: text().notNull(),
    clientIp: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [tenantKey(t), index('staff_login_failures_phone_idx').on(t.merchantId, t.phone, t.at)],
);

/** Where each courier was last seen (their phone sends it every few seconds while on the way). */
export const courierPositions = pgTable(
  'courier_positions',
  {
    merchantId: merchantId(),
    courierId: uuid().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    heading: doublePrecision(),
    accuracy: doublePrecision(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.courierId] }),
    sameMerchant('courier_positions_courier_fk', t.merchantId, t.courierId, staff).onDelete('cascade'),
  ],
);

export type StaffRecord = typeof staff.$inferSelect;
export type { CourierStatus };
