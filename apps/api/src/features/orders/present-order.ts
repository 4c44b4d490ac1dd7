import { awaitsPayment, isActiveStatus, isUuid, type CustomerOrderDevice, type LocalizedText, type Order } from '@dasturxon/domain';
import { orderEta } from './order-eta.ts';
import type { OrderLineRecord, OrderRecord, OrdersRepository, StatusEntryRecord } from './orders.repository.ts';

/** An order as presented, with who made each move (staff id) kept for the staff's view. */
export type PresentedOrder = Omit<Order, 'history'> & { history: (Order['history'][number] & { staffId: string | null })[] };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The table a dine-in order is served at (placed from its QR code), as the kitchen ticket and the customer read it. */
const tableView = (t: { name: string; hall: unknown } | undefined): Order['table'] =>
  t ? { name: t.name, hall: t.hall as LocalizedText } : null;

/** Orders as the customer reads them; each history entry also names the staff member who made it (the staff's view reads it; the customer's contract drops it). */
export async function presentOrders(repo: OrdersRepository, merchantId: string, rows: OrderRecord[], now: Date): Promise<PresentedOrder[]> {
  const ids = rows.map((r) => r.id);
  const riding = [...new Set(rows.filter((r) => r.status === 'ON_WAY' && r.courierId).map((r) => r.courierId!))];
  const tableIds = [...new Set(rows.map((r) => r.tableId).filter((id): id is string => id !== null && isUuid(id)))];
  const [lines, history, branches, positions, tables] = [
    await repo.linesOf(merchantId, ids),
    await repo.historyOf(merchantId, ids),
    await repo.branchesOf(merchantId, [...new Set(rows.map((r) => r.branchId))]),
    await repo.courierPositionsOf(merchantId, riding),
    await repo.tablesOf(merchantId, tableIds),
  ];
  const group = <T extends { orderId: string }>(items: T[]) => {
    const by = new Map<string, T[]>();
    for (const item of items) by.set(item.orderId, [...(by.get(item.orderId) ?? []), item]);
    return by;
  };
  const linesBy = group<OrderLineRecord>(lines);
  const historyBy = group<StatusEntryRecord>(history);
  return rows.map((o) => {
    const branch = branches.get(o.branchId);
    return {
      id: o.id,
      number: o.number,
      status: o.status,
      isActive: isActiveStatus(o.status),
      serviceType: o.serviceType,
      paymentType: o.paymentType,
      orderDevice: o.orderDevice as CustomerOrderDevice,
      isPaid: o.isPaid,
      payUntil: awaitsPayment(o) ? iso(o.payUntil) : null,
      refund: o.refundState && o.refundStartedAt ? { state: o.refundState, startedAt: o.refundStartedAt.toISOString() } : null,
      userId: o.userId,
      merchantId: o.merchantId,
      branch: { id: o.branchId, name: branch?.name ?? {}, address: branch?.address ?? '', phone: branch?.phone ?? '' },
      address: o.address,
      table: tableView(o.tableId ? tables.get(o.tableId) : undefined),
      cartItems: (linesBy.get(o.id) ?? []).map((l) => ({
        productId: l.productId,
        name: l.name,
        image: l.image,
        count: l.count,
        unitPrice: l.unitPrice,
        modifications: l.modifications,
        gross: l.gross,
        discount: l.discount,
        net: l.net,
      })),
      comment: o.comment,
      courierComment: o.courierComment,
      receiver: o.receiver,
      sendCheque: o.sendCheque,
      productCount: o.productCount,
      productPrice: o.productPrice,
      productDiscount: o.productDiscount,
      promoProductDiscount: o.promoProductDiscount,
      deliveryPrice: o.deliveryPrice,
      deliveryDiscount: o.deliveryDiscount,
      serviceFee: o.serviceFee,
      totalDiscount: o.totalDiscount,
      totalPrice: o.totalPrice,
      cashback: o.cashback,
      cashbackEarned: o.cashbackEarned,
      promo: o.promoId && o.promoCode ? { id: o.promoId, code: o.promoCode } : null,
      atTime: o.deliveryAt !== null,
      deliveryAt: iso(o.deliveryAt),
      reason: o.reason,
      createdAt: o.createdAt.toISOString(),
      eta: orderEta(o, branch, o.courierId ? positions.get(o.courierId) : undefined, now),
      history: (historyBy.get(o.id) ?? []).map((h) => ({
        from: h.fromStatus,
        to: h.toStatus,
        role: h.role,
        reason: h.reason,
        comment: h.comment,
        at: h.at.toISOString(),
        staffId: h.staffId,
      })),
    };
  });
}
