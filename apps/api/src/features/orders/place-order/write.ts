import { cashbackEarned, initialStatus, isDeliveryService, isOnlinePayment, opensAt } from '@dasturxon/domain';
import type { Db } from '@dasturxon/db';
import { nudge, orderEventOf } from '../../live/index.ts';
import type { OrdersRepository } from '../orders.repository.ts';
import type { Draft } from './draft.ts';
import { refuse, type Refusal } from './outcome.ts';
import type { Priced } from './price.ts';
import type { Terms } from './terms.ts';

/** The names and pictures the lines keep, and the products whose stock the order took. */
export interface Reserved {
  names: Awaited<ReturnType<OrdersRepository['names']>>;
  /** Counted products the order took stock of (given back if it is cancelled). */
  counted: Set<string>;
}

/**
 * Step 6: the lines' names and pictures as of now; a product without an IKPU refuses an online payment (its fiscal
 * receipt names each product's code); then counted stock is taken, each product once, in one order of ids (two orders
 * never wait on each other in a circle), with a conditional update under the row's lock: NOT_ENOUGH_PRODUCTS when too
 * little is left, whatever the snapshot said.
 */
export async function reserveStock(repo: OrdersRepository, draft: Draft, priced: Priced): Promise<Reserved | Refusal> {
  const merchantId = draft.merchant.id;
  const names = await repo.names(
    merchantId,
    [...new Set(priced.lines.map((l) => l.productId))],
    [...new Set(priced.lines.flatMap((l) => l.modifications.map((m) => m.id)))],
  );
  if (isOnlinePayment(draft.body.paymentType)) {
    const missing = [...names.products.values()].filter((p) => !p.mxicCode).map((p) => p.id);
    if (missing.length) return refuse('FISCAL_CODE_MISSING', { paymentType: draft.body.paymentType, productIds: missing.sort() });
  }
  const quantities = new Map<string, number>();
  for (const l of priced.lines) quantities.set(l.productId, (quantities.get(l.productId) ?? 0) + l.count);
  const counted = new Set<string>();
  for (const productId of [...quantities.keys()].sort()) {
    if (!names.products.get(productId)?.counted) continue;
    if (!(await repo.takeStock(merchantId, productId, quantities.get(productId)!))) return refuse('NOT_ENOUGH_PRODUCTS', { productId });
    counted.add(productId);
  }
  return { names, counted };
}

/**
 * Step 7: the order under the brand's next number, its lines (names, pictures, option names and prices of this
 * moment, and whether stock was taken), its first status, and its ledger rows: the cashback it spends (refused with
 * CASHBACK_NOT_ENOUGH when the balance no longer holds it) and the promo use. What it will earn is kept on the order
 * and credited when it completes.
 */
export async function writeOrder(
  repo: OrdersRepository,
  draft: Draft,
  terms: Terms,
  priced: Priced,
  reserved: Reserved,
  { at }: { at: Date | null },
  orderId: string,
): Promise<{ orderId: string } | Refusal> {
  const { merchant, customer, body, now } = draft;
  const { settings } = terms;
  const breakdown = priced.breakdown;
  const paymentType = body.paymentType;
  const status = initialStatus({ paymentType, scheduled: at !== null });
  const number = await repo.nextNumber(merchant.id);
  await repo.insertOrder({
    id: orderId,
    merchantId: merchant.id,
    number,
    userId: customer.id,
    branchId: draft.branchId,
    status,
    serviceType: body.serviceType,
    paymentType,
    orderDevice: body.orderDevice,
    channel: draft.channel,
    isPaid: false,
    address: isDeliveryService(body.serviceType) && body.address ? body.address : null,
    zoneId: priced.zoneId,
    comment: body.comment,
    courierComment: body.courierComment,
    receiver: body.receiver,
    sendCheque: body.sendCheque,
    sendChequePhone: body.sendChequePhone,
    // The seat's table, never the body's: a table cannot be named by a client.
    hallId: draft.table?.hallId ?? null,
    tableId: draft.table?.tableId ?? null,
    tableSessionId: draft.table?.sessionId ?? null,
    productCount: breakdown.productCount,
    productPrice: breakdown.productPrice,
    productDiscount: breakdown.productDiscount,
    promoProductDiscount: breakdown.promoProductDiscount,
    deliveryPrice: breakdown.deliveryPrice,
    deliveryDiscount: breakdown.deliveryDiscount,
    serviceFee: breakdown.serviceFee,
    totalDiscount: breakdown.totalDiscount,
    totalPrice: breakdown.totalPrice,
    cashback: breakdown.cashback,
    cashbackEarned: settings.cashbackActive ? cashbackEarned(breakdown.totalPrice, settings.cashbackPercent) : 0,
    promoId: priced.promo?.id ?? null,
    promoCode: priced.promo?.code ?? null,
    deliveryAt: at,
    opensAt: at ? opensAt(at, settings.leadTimeMinutes) : null,
    payUntil: isOnlinePayment(paymentType) ? new Date(now.getTime() + settings.unpaidCancelMinutes * 60_000) : null,
    telegramChatId: draft.telegramChatId,
    createdAt: now,
    updatedAt: now,
  });
  const { names, counted } = reserved;
  await repo.insertLines(
    priced.lines.map((l, position) => ({
      merchantId: merchant.id,
      orderId,
      position,
      productId: l.productId,
      name: names.products.get(l.productId)?.name ?? {},
      image: names.products.get(l.productId)?.image ?? '',
      count: l.count,
      stockTaken: counted.has(l.productId),
      unitPrice: l.count > 0 ? Math.round(l.price.gross / l.count) : 0,
      modifications: l.modifications.map((m) => ({
        id: m.id,
        groupId: m.groupId,
        name: names.modifications.get(m.id) ?? {},
        count: m.count,
        price: m.price,
      })),
      gross: l.price.gross,
      discount: l.price.discount,
      net: l.price.net,
    })),
  );
  await repo.insertStatus({
    merchantId: merchant.id,
    orderId,
    fromStatus: null,
    toStatus: status,
    role: 'customer',
    reason: 'CHANGE_STATUS',
    comment: '',
    at: now,
  });
  if (breakdown.cashback > 0 && (await repo.moveCashback(merchant.id, customer.id, -breakdown.cashback, 'SPENT', orderId, now)) === null) {
    return refuse('CASHBACK_NOT_ENOUGH', { cashback: breakdown.cashback });
  }
  if (priced.promo)
    await repo.insertPromoUse({ merchantId: merchant.id, promoId: priced.promo.id, orderId, userId: customer.id, createdAt: now });
  return { orderId };
}

/**
 * Step 9, last: the branch's board hears of the new order (the console rings when it is OPEN), in this transaction, so
 * the event exists exactly when the order does. Last because the brand's event lock is held to the commit, so
 * nothing else waits behind it.
 */
export async function emitPlaced(tx: Db, repo: OrdersRepository, draft: Draft, orderId: string): Promise<void> {
  await repo.events.insert(orderEventOf((await repo.findById(draft.merchant.id, orderId))!, draft.now));
  // A table's order: its bill changed on the floor.
  if (draft.table)
    await nudge(tx, {
      topic: 'floor',
      merchantId: draft.merchant.id,
      branchId: draft.branchId,
      sessionId: draft.table.sessionId,
      what: 'order',
    });
}
