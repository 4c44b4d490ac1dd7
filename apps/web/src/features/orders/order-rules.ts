import {
  awaitsPayment,
  customerMayCancel,
  formatDateWords,
  isActiveStatus,
  isCancelReason,
  statusLabel,
  type Order,
  type OrderLine,
  type OrderStatus,
  type PaymentType,
  type Product,
  type ServiceType,
  type StatusLabel,
  type UiLanguage,
} from '@dasturxon/domain';

/*
 * What the orders screens decide, kept pure so it is tested without a browser: the tone of a status (its label is
 * the domain's `statusLabel`), which actions an order offers, and what "repeat" can put back into the basket from today's menu.
 */

/** How a status's badge looks: going on, finished well, cancelled. */
export type StatusTone = 'progress' | 'success' | 'cancelled';
export function statusTone(status: OrderStatus): StatusTone {
  if (status === 'CANCELED') return 'cancelled';
  return isActiveStatus(status) ? 'progress' : 'success';
}

/** A cancelled order's reason is worded (`cancelReason.{code}`) when it is a code of the domain's one catalogue; anything else is shown as written. */
export const isWordedCancelReason = (reason: string | null | undefined): reason is string => isCancelReason(reason);

export interface OrderActions {
  /** Pay online now (the provider's page): an online order that waits for its payment. */
  pay: boolean;
  cancel: boolean;
  hide: boolean;
  repeat: boolean;
}

/**
 * Which actions an order shows: cancel when the brand lets customers cancel and the domain's table lets a
 * customer move it to CANCELED from where it is (before the branch accepts it); hide once it is finished;
 * repeat whenever it has lines; pay while an online order waits for its payment (the domain's `awaitsPayment`).
 */
export function orderActions(
  order: Pick<Order, 'status' | 'serviceType' | 'cartItems' | 'paymentType' | 'isPaid'>,
  cancelAllowed: boolean,
): OrderActions {
  return {
    pay: awaitsPayment(order),
    cancel: customerMayCancel(order, cancelAllowed),
    hide: !isActiveStatus(order.status),
    repeat: order.cartItems.length > 0,
  };
}

/** Delivered service types read as delivery; pickup and dine-in as themselves. Texts: existing `order.*` keys. */
export function serviceLabelKey(type: ServiceType): 'order.delivery' | 'order.pickup' | 'order.dineIn' {
  if (type === 'PICK_UP') return 'order.pickup';
  if (type === 'DINE_IN') return 'order.dineIn';
  return 'order.delivery';
}

/** Payment types named by a brand are shown as that name; the others are translated (`orders.payment.{key}`). */
const PAYMENT_BRANDS: Partial<Record<PaymentType, string>> = {
  CLICK: 'Click',
  CLICK_MINI_APP: 'Click',
  PAYME: 'Payme',
  PAYNET: 'Paynet',
  UZUM: 'Uzum',
  RAHMAT: 'Rahmat',
  PAYZE: 'Payze',
};
export function paymentLabel(type: PaymentType): { brand: string } | { key: 'cash' | 'terminal' | 'other' } {
  const brand = PAYMENT_BRANDS[type];
  if (brand) return { brand };
  return { key: type === 'CASH' ? 'cash' : type === 'TERMINAL' ? 'terminal' : 'other' };
}

/** The status history as a timeline: consecutive moves with the same label (DONE → ATTACHED) read as one step. */
export function timeline(history: Order['history']): { label: StatusLabel; status: OrderStatus; at: string }[] {
  const steps: { label: StatusLabel; status: OrderStatus; at: string }[] = [];
  for (const entry of [...history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const label = statusLabel(entry.to);
    if (steps.at(-1)?.label === label) continue;
    steps.push({ label, status: entry.to, at: entry.at });
  }
  return steps;
}

export interface RepeatPlan {
  /** What goes into the basket: product, units and modifications as ordered. */
  add: { productId: string; count: number; modifications: { id: string; count: number }[] }[];
  /** Lines whose product or one of whose modifications cannot be ordered now. */
  skipped: OrderLine[];
}

/**
 * Repeat an order with today's menu: a line goes back when its product is on the menu and orderable at the
 * chosen branch and every modification it had is still offered on that product; prices are today's, as the
 * basket reads them from the menu.
 */
export function repeatPlan(
  lines: readonly OrderLine[],
  productById: ReadonlyMap<string, Pick<Product, 'isOrderable' | 'modificationGroups'>>,
): RepeatPlan {
  const plan: RepeatPlan = { add: [], skipped: [] };
  for (const line of lines) {
    const product = productById.get(line.productId);
    const offered = new Set(product?.modificationGroups.flatMap((g) => g.modifications.map((m) => m.id)) ?? []);
    if (!product || !product.isOrderable || line.modifications.some((m) => !offered.has(m.id))) {
      plan.skipped.push(line);
      continue;
    }
    plan.add.push({
      productId: line.productId,
      count: line.count,
      modifications: line.modifications.map((m) => ({ id: m.id, count: m.count })),
    });
  }
  return plan;
}

/**
 * The day in words and `HH:MM` on the wall clock of `timeZone`, else the default city's (`Dush, 30-noyabr, 14:05`;
 * the domain's table-driven `formatDateWords`, so Uzbek reads right where Intl lacks `uz`); empty for no date.
 */
export function orderTimeText(iso: string, lang: UiLanguage, timeZone?: string, now?: Date): string {
  return Number.isNaN(Date.parse(iso)) ? '' : formatDateWords(iso, lang, { withTime: true, timeZone, now });
}

/** Which page of the orders feature an address names: the route table sends these four to one lazy page (orders-pages.tsx). */
export function ordersPageOf(pathname: string): 'orders' | 'order' | 'map' | 'notifications' {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/notifications')) return 'notifications';
  if (/\/orders\/[^/]+\/map$/.test(path)) return 'map';
  if (/\/orders\/[^/]+$/.test(path)) return 'order';
  return 'orders';
}
