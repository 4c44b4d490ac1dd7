import { and, eq, sql } from 'drizzle-orm';
import { grades, orderGrades, orderLines, orders, type Db } from '@dasturxon/db';
import { AppError, cleanComment, gradeProblem, regradeUntil } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';

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
  };
}

export type GradesService = ReturnType<typeof createGradesService>;
