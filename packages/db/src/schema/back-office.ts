import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, localized, version } from './columns.ts';
import { merchantId } from './merchants.ts';
import { branches } from './branches.ts';

// The back office (issue 28, decision 017): the audit log of every change made there, a branch's special days, and
// the halls and tables of a branch for dine-in.

/**
 * One change made in the back office or by the platform: who (a staff member, or the platform when actorId is null),
 * when, what (the object's type and id), and the object before and after (null before a create, after a delete).
 * Written in the same transaction as the change itself, so a change is never without its record.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    merchantId: merchantId(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The order the rows were written in: two rows of one moment (a clock of one millisecond, as PGlite's) still have an
     * order, newest first by (at, seq), and the cursor of a page names it.
     */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The staff member; null for the platform (its token) or the brand command. No foreign key: a member may go. */
    actorId: uuid(),
    /** The actor as it was then: the member's name and phone, or 'platform'. */
    actorName: text().notNull().default(''),
    actorRole: text().notNull().default(''),
    /** The resource, as the API names it: 'product', 'category', 'delivery-zone', 'settings', ... */
    objectType: text().notNull(),
    objectId: text().notNull(),
    action: enumText(AUDIT_ACTIONS).notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    tenantKey(t),
    index('audit_log_object_idx').on(t.merchantId, t.objectType, t.objectId, t.at),
    index('audit_log_at_idx').on(t.merchantId, t.at, t.seq),
    oneOf('audit_log_action_check', t.action, AUDIT_ACTIONS),
  ],
);

/**
 * A day a branch keeps other hours than its week's (a holiday closed, a short day): by the branch's local date
 * `YYYY-MM-DD`; closed all day, or open from `open` to `close` (HH:mm, the week's spelling) for every service.
 */
export const branchSpecialDays = pgTable(
  'branch_special_days',
  {
    merchantId: merchantId(),
    branchId: uuid().notNull(),
    date: text().notNull(),
    isDayOff: boolean().notNull().default(true),
    open: text(),
    close: text(),
    note: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.branchId, t.date] }),
    sameMerchant('branch_special_days_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
  ],
);

/** A hall of a branch (the terrace, the second floor) where its tables stand. */
export const halls = pgTable(
  'halls',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    branchId: uuid().notNull(),
    name: localized(),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    index('halls_branch_idx').on(t.merchantId, t.branchId),
    sameMerchant('halls_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
  ],
);

/** A table of a hall: what a QR code on it names and a dine-in order is served at. */
export const diningTables = pgTable(
  'dining_tables',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    branchId: uuid().notNull(),
    hallId: uuid().notNull(),
    /** What the staff and the customer call it: "12", "A3". Unique within its branch. */
    name: text().notNull(),
    seats: integer().notNull().default(2),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('dining_tables_name_key').on(t.merchantId, t.branchId, t.name),
    sameMerchant('dining_tables_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
    sameMerchant('dining_tables_hall_fk', t.merchantId, t.hallId, halls).onDelete('cascade'),
  ],
);

export type AuditRecord = typeof auditLog.$inferSelect;
