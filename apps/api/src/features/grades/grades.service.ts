import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { branches, grades, orderGrades, orderLines, orders, products as productsTable, staff, users, type Db } from '@dasturxon/db';
import {
  AppError,
  branchScopeOf,
  cleanComment,
  GRADE_COMMENTS_PAGE,
  gradeProblem,
  regradeUntil,
  worksAt,
  type StaffRole,
} from '@dasturxon/domain';
import type { ProductComments, StaffGrade, StaffGrades } from '@dasturxon/domain/contracts';
import type { Clock } from '../../clock.ts';
import { readSettings } from '../merchants/index.ts';

/** Grades per page in the console. */
export const STAFF_GRADES_PAGE = 30;

export interface GradeStaff {
  id: string;
  merchantId: string;
  role: StaffRole;
  branchIds: readonly string[];
}

export interface GradeInput {
  grade: number;
  comment?: string | null | undefined;
  products?: { productId: string; grade: number }[] | undefined;
}

export interface OrderGradeView {
  orderId: string;
  /** True when the customer may grade (or regrade) now. */
  canGrade: boolean;
  grade: number | null;
  comment: string | null;
  products: { productId: string; grade: number }[];
  createdAt: string | null;
  /** Until when the given grade may change; null when none given. */
  changeableUntil: string | null;
}

/** Customers' grades of their orders and products (issue 31); the rule is packages/domain grades.ts. */
export function createGradesService({ db, clock }: { db: Db; clock: Clock }) {
  async function load(customer: { merchantId: string; id: string }, orderId: string) {
    const [order] = await db
      .select({ id: orders.id, userId: orders.userId, status: orders.status, branchId: orders.branchId })
      .from(orders)
      .where(and(eq(orders.merchantId, customer.merchantId), eq(orders.id, orderId)));
    const [given] = await db
      .select()
      .from(orderGrades)
      .where(and(eq(orderGrades.merchantId, customer.merchantId), eq(orderGrades.orderId, orderId)));
    return { order, given };
  }

  const view = (orderId: string, canGrade: boolean, given: typeof orderGrades.$inferSelect | undefined): OrderGradeView => ({
    orderId,
    canGrade,
    grade: given?.grade ?? null,
    comment: given?.comment ?? null,
    products: given?.products ?? [],
    createdAt: given?.createdAt.toISOString() ?? null,
    changeableUntil: given ? regradeUntil(given.createdAt).toISOString() : null,
  });

  return {
    async get(customer: { merchantId: string; id: string }, orderId: string): Promise<OrderGradeView> {
      const { order, given } = await load(customer, orderId);
      if (!order || order.userId !== customer.id) throw new AppError('NOT_FOUND');
      const problem = gradeProblem({
        userId: customer.id,
        orderUserId: order.userId,
        status: order.status,
        firstGradedAt: given?.createdAt ?? null,
        now: clock.now(),
      });
      return view(orderId, problem === null, given);
    },

    async grade(customer: { merchantId: string; id: string }, orderId: string, input: GradeInput): Promise<OrderGradeView> {
      const { order, given } = await load(customer, orderId);
      const now = clock.now();
      const problem = gradeProblem({
        userId: customer.id,
        orderUserId: order?.userId ?? null,
        status: order?.status ?? 'CANCELED',
        firstGradedAt: given?.createdAt ?? null,
        now,
      });
      if (problem || !order) throw new AppError(problem ?? 'NOT_FOUND');
      const lines = await db
        .select({ productId: orderLines.productId })
        .from(orderLines)
        .where(and(eq(orderLines.merchantId, customer.merchantId), eq(orderLines.orderId, orderId)));
      const inOrder = new Set(lines.map((l) => l.productId));
      const products = [...new Map((input.products ?? []).map((p) => [p.productId, p])).values()];
      const stranger = products.find((p) => !inOrder.has(p.productId));
      if (stranger) throw new AppError('VALIDATION_FAILED', { productId: stranger.productId, reason: 'NOT_IN_ORDER' });
      const comment = cleanComment(input.comment);
      await db.transaction(async (tx) => {
        await tx
          .insert(orderGrades)
          .values({
            merchantId: customer.merchantId,
            orderId,
            userId: customer.id,
            branchId: order.branchId,
            grade: input.grade,
            comment,
            products,
          })
          .onConflictDoUpdate({
            target: [orderGrades.merchantId, orderGrades.orderId],
            set: { grade: input.grade, comment, products, updatedAt: now },
          });
        for (const p of products)
          await tx
            .insert(grades)
            .values({ merchantId: customer.merchantId, productId: p.productId, userId: customer.id, grade: p.grade })
            .onConflictDoUpdate({
              target: [grades.merchantId, grades.productId, grades.userId],
              set: { grade: p.grade, createdAt: sql`now()` },
            });
      });
      return this.get(customer, orderId);
    },

    /**
     * A product's comments on the storefront, newest first, a page at a time: the order grades that graded the product
     * and hold a comment not hidden. 403 FEATURE_OFF while the brand's productComment is off.
     */
    async productComments(merchantId: string, productId: string, page: number): Promise<ProductComments> {
      if (!(await readSettings(db, merchantId)).productComment) throw new AppError('FEATURE_OFF');
      const rows = await db
        .select({
          id: orderGrades.id,
          grade: orderGrades.grade,
          products: orderGrades.products,
          comment: orderGrades.comment,
          author: users.firstName,
          createdAt: orderGrades.createdAt,
        })
        .from(orderGrades)
        .innerJoin(users, and(eq(users.merchantId, orderGrades.merchantId), eq(users.id, orderGrades.userId)))
        .where(
          and(
            eq(orderGrades.merchantId, merchantId),
            eq(orderGrades.hidden, false),
            isNotNull(orderGrades.comment),
            sql`${orderGrades.products} @> ${JSON.stringify([{ productId }])}::jsonb`,
          ),
        )
        .orderBy(desc(orderGrades.createdAt), desc(orderGrades.id))
        .limit(GRADE_COMMENTS_PAGE + 1)
        .offset(page * GRADE_COMMENTS_PAGE);
      return {
        page,
        hasMore: rows.length > GRADE_COMMENTS_PAGE,
        items: rows.slice(0, GRADE_COMMENTS_PAGE).map((r) => ({
          id: r.id,
          // The product's own grade; the order's when (never, by the filter) it is missing.
          grade: r.products.find((p) => p.productId === productId)?.grade ?? r.grade,
          comment: r.comment ?? '',
          author: r.author.trim().split(/\s+/)[0] ?? '',
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** The console's list (issue 31): the grades of the member's branches (or one of them), newest first. */
    async staffList(member: GradeStaff, filter: { branchId?: string | undefined; gradeId?: string }, page: number): Promise<StaffGrades> {
      const { branchId, gradeId } = filter;
      if (branchId && !worksAt(member, branchId)) throw new AppError('FORBIDDEN');
      const scope = branchScopeOf(member);
      if (scope && scope.length === 0) return { items: [], page, hasMore: false };
      const rows = await db
        .select({
          id: orderGrades.id,
          orderId: orderGrades.orderId,
          orderNumber: orders.number,
          branchId: orderGrades.branchId,
          branchName: branches.name,
          grade: orderGrades.grade,
          comment: orderGrades.comment,
          products: orderGrades.products,
          customerName: users.firstName,
          createdAt: orderGrades.createdAt,
          hidden: orderGrades.hidden,
          hiddenAt: orderGrades.hiddenAt,
          hiddenBy: staff.name,
        })
        .from(orderGrades)
        .innerJoin(orders, and(eq(orders.merchantId, orderGrades.merchantId), eq(orders.id, orderGrades.orderId)))
        .innerJoin(branches, and(eq(branches.merchantId, orderGrades.merchantId), eq(branches.id, orderGrades.branchId)))
        .innerJoin(users, and(eq(users.merchantId, orderGrades.merchantId), eq(users.id, orderGrades.userId)))
        .leftJoin(staff, and(eq(staff.merchantId, orderGrades.merchantId), eq(staff.id, orderGrades.hiddenBy)))
        .where(
          and(
            eq(orderGrades.merchantId, member.merchantId),
            branchId ? eq(orderGrades.branchId, branchId) : undefined,
            gradeId ? eq(orderGrades.id, gradeId) : undefined,
            scope ? inArray(orderGrades.branchId, [...scope]) : undefined,
          ),
        )
        .orderBy(desc(orderGrades.createdAt), desc(orderGrades.id))
        .limit(STAFF_GRADES_PAGE + 1)
        .offset(page * STAFF_GRADES_PAGE);
      const shown = rows.slice(0, STAFF_GRADES_PAGE);
      const productIds = [...new Set(shown.flatMap((r) => r.products.map((p) => p.productId)))];
      const names = new Map(
        productIds.length === 0
          ? []
          : (
              await db
                .select({ id: productsTable.id, name: productsTable.name })
                .from(productsTable)
                .where(and(eq(productsTable.merchantId, member.merchantId), inArray(productsTable.id, productIds)))
            ).map((p) => [p.id, p.name]),
      );
      return {
        page,
        hasMore: rows.length > STAFF_GRADES_PAGE,
        items: shown.map((r): StaffGrade => ({
          id: r.id,
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          branchId: r.branchId,
          branchName: r.branchName,
          grade: r.grade,
          comment: r.comment,
          products: r.products.map((p) => ({ productId: p.productId, name: names.get(p.productId) ?? {}, grade: p.grade })),
          customerName: r.customerName,
          createdAt: r.createdAt.toISOString(),
          hidden: r.hidden,
          hiddenAt: r.hiddenAt?.toISOString() ?? null,
          hiddenBy: r.hidden ? (r.hiddenBy ?? '') : null,
        })),
      };
    },

    /** Hide an abusive comment from the storefront (or show it again): the owner or an admin of its branch. */
    async hide(member: GradeStaff, gradeId: string, hidden: boolean): Promise<StaffGrade> {
      const [row] = await db
        .select({ id: orderGrades.id, branchId: orderGrades.branchId, createdAt: orderGrades.createdAt })
        .from(orderGrades)
        .where(and(eq(orderGrades.merchantId, member.merchantId), eq(orderGrades.id, gradeId)));
      if (!row || !worksAt(member, row.branchId)) throw new AppError('NOT_FOUND');
      await db
        .update(orderGrades)
        .set(hidden ? { hidden: true, hiddenAt: clock.now(), hiddenBy: member.id } : { hidden: false, hiddenAt: null, hiddenBy: null })
        .where(and(eq(orderGrades.merchantId, member.merchantId), eq(orderGrades.id, gradeId)));
      const { items } = await this.staffList(member, { gradeId }, 0);
      if (!items[0]) throw new AppError('NOT_FOUND');
      return items[0];
    },
  };
}

export type GradesService = ReturnType<typeof createGradesService>;
