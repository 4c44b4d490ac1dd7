import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { branches, inIds, notifications, reservations, type Db } from '@dasturxon/db';
import type { LocalizedText } from '@dasturxon/domain';
import type { NotificationPage } from '@dasturxon/domain/contracts';
import type { Clock } from '../../clock.ts';

/** The customer's messages about their orders and reservations (written by their moves; read and marked here). */
export function createNotificationsService({ db, clock }: { db: Db; clock: Clock }) {
  const mine = (merchantId: string, userId: string) => and(eq(notifications.merchantId, merchantId), eq(notifications.userId, userId));
  return {
    async page(merchantId: string, userId: string, page: number, size: number): Promise<NotificationPage> {
      const rows = await db
        .select({ n: notifications, branchName: branches.name })
        .from(notifications)
        .leftJoin(
          reservations,
          and(eq(reservations.merchantId, notifications.merchantId), eq(reservations.id, notifications.reservationId)),
        )
        .leftJoin(branches, and(eq(branches.merchantId, reservations.merchantId), eq(branches.id, reservations.branchId)))
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
        content: rows.map(({ n: r, branchName }) => ({
          id: r.id,
          kind: r.kind,
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          status: r.status,
          reservation:
            r.kind === 'RESERVATION' && r.reservationId && r.reservationNews && r.reservationAt
              ? {
                  id: r.reservationId,
                  news: r.reservationNews,
                  startsAt: r.reservationAt.toISOString(),
                  branchName: (branchName ?? {}) as LocalizedText,
                }
              : null,
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
