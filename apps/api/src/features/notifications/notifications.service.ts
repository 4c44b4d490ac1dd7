import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { inIds, notifications, type Db } from '@dasturxon/db';
import type { NotificationPage } from '@dasturxon/domain/contracts';
import type { Clock } from '../../clock.ts';

/** The customer's messages about their orders (written by the order's moves; read and marked here). */
export function createNotificationsService({ db, clock }: { db: Db; clock: Clock }) {
  const mine = (merchantId: string, userId: string) => and(eq(notifications.merchantId, merchantId), eq(notifications.userId, userId));
  return {
    async page(merchantId: string, userId: string, page: number, size: number): Promise<NotificationPage> {
      const rows = await db
        .select()
        .from(notifications)
        .where(mine(merchantId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ n: count() }).from(notifications).where(mine(merchantId, userId));
      const [unread] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine(merchantId, userId), isNull(notifications.readAt)));
      const totalElements = Number(total?.n ?? 0);
      return {
        content: rows.map((r) => ({
          id: r.id,
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          readAt: r.readAt ? r.readAt.toISOString() : null,
        })),
        page,
        size,
        totalElements,
        totalPages: Math.ceil(totalElements / size),
        unread: Number(unread?.n ?? 0),
      };
    },

    /** Marks the customer's notifications read: those named, or all. */
    async markRead(merchantId: string, userId: string, ids?: string[]): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(mine(merchantId, userId), isNull(notifications.readAt), ids ? inIds(notifications.id, ids) : undefined));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
