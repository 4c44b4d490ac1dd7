import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, tenantKey, sameMerchant, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { orders } from './orders.ts';
import { users } from './customers.ts';

/** One product's grade inside an order grade. */
export interface OrderProductGrade {
  productId: string;
  grade: number;
}

/**
 * A customer's grade of one order (issue 31): the order 1..5, each product 1..5, an optional plain-text comment.
 * One per order; changeable for a day after createdAt (packages/domain grades.ts), then locked. Each product grade
 * is also written to `grades` (one per customer and product, the latest) so the product averages read one table.
 * The owner or an admin may hide the comment (hidden, hiddenAt, hiddenBy): it then leaves the storefront, the row stays.
 */
export const orderGrades = pgTable(
  'order_grades',
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    userId: uuid().notNull(),
    branchId: uuid().notNull(),
    grade: smallint().notNull(),
    comment: text(),
    products: jsonb().$type<OrderProductGrade[]>().notNull().default([]),
    hidden: boolean().notNull().default(false),
    hiddenAt: timestamp({ withTimezone: true }),
    /** The staff member (owner or admin) who hid the comment; kept when they leave. */
    hiddenBy: uuid(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('order_grades_order_key').on(t.merchantId, t.orderId),
    index('order_grades_branch_idx').on(t.merchantId, t.branchId, t.createdAt),
    sameMerchant('order_grades_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    sameMerchant('order_grades_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    check('order_grades_grade_check', sql`${t.grade} between 1 and 5`),
    check('order_grades_comment_check', sql`char_length(${t.comment}) <= 500`),
  ],
);
