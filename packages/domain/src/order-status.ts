import { ORDER_STATUSES, type OrderStatus, type PaymentType, type ServiceType } from './enums.ts';
import { isDeliveryService } from './quote-rules.ts';

/*
 * The order's lifecycle as data (docs/decisions/008-order-lifecycle.md): every move an order may make,
 * who may make it, and for which service types. Anything not in the table is refused, and the refusal
 * names both states. The server checks every status change against it; the storefront reads it to know
 * whether the customer may still cancel.
 */

/** Who moves an order: the customer, the brand's staff, the payment provider's confirmation, or the system's timers. */
export const ORDER_ROLES = ['customer', 'operator', 'kitchen', 'courier', 'payment', 'system'] as const;
export type OrderRole = (typeof ORDER_ROLES)[number];

/** Which orders a move applies to: every one, those brought to an address, or those collected at the branch (pickup, dine-in). */
export type MoveScope = 'ALL' | 'DELIVERED' | 'COLLECTED';

export interface OrderMove {
  from: OrderStatus;
  to: OrderStatus;
  roles: readonly OrderRole[];
  scope: MoveScope;
}

const move = (from: OrderStatus, to: OrderStatus, roles: readonly OrderRole[], scope: MoveScope = 'ALL'): OrderMove => ({
  from,
  to,
  roles,
  scope,
});

/** The whole table. Kept in lifecycle order; decision 008 gives the reason for each row. */
export const ORDER_MOVES: readonly OrderMove[] = [
  // Awaiting an online payment.
  move('CREATED', 'OPEN', ['payment']),
  move('CREATED', 'AT_TIME', ['payment']),
  move('CREATED', 'CANCELED', ['customer', 'operator', 'payment', 'system']),
  // Scheduled: opens at the lead time before its time (the system's timer), or early by hand.
  move('AT_TIME', 'OPEN', ['system', 'operator']),
  move('AT_TIME', 'CANCELED', ['customer', 'operator', 'payment']),
  // Waiting for the branch.
  move('OPEN', 'ACCEPTED', ['operator', 'kitchen']),
  move('OPEN', 'CANCELED', ['customer', 'operator', 'payment']),
  // In the branch's hands: only the staff may stop it now.
  move('ACCEPTED', 'COOKING', ['operator', 'kitchen']),
  move('ACCEPTED', 'CANCELED', ['operator']),
  move('COOKING', 'DONE', ['operator', 'kitchen']),
  move('COOKING', 'CANCELED', ['operator']),
  move('DONE', 'CANCELED', ['operator']),
  // Collected at the branch: handed over.
  move('DONE', 'CLOSED', ['operator', 'kitchen'], 'COLLECTED'),
  // Brought to an address: a courier takes it, may hand it back, rides, delivers; then it is closed.
  move('DONE', 'ATTACHED', ['operator', 'courier'], 'DELIVERED'),
  move('ATTACHED', 'DONE', ['operator', 'courier'], 'DELIVERED'),
  move('ATTACHED', 'ON_WAY', ['operator', 'courier'], 'DELIVERED'),
  move('ATTACHED', 'CANCELED', ['operator'], 'DELIVERED'),
  move('ON_WAY', 'DELIVERED', ['operator', 'courier'], 'DELIVERED'),
  move('ON_WAY', 'CANCELED', ['operator'], 'DELIVERED'),
  move('DELIVERED', 'CLOSED', ['operator', 'system'], 'DELIVERED'),
];

const inScope = (scope: MoveScope, serviceType: ServiceType): boolean =>
  scope === 'ALL' || (scope === 'DELIVERED') === isDeliveryService(serviceType);

/** The row of the table for a move of an order of this service type, or null when the table has none. */
export function findMove(from: OrderStatus, to: OrderStatus, serviceType: ServiceType): OrderMove | null {
  return ORDER_MOVES.find((m) => m.from === from && m.to === to && inScope(m.scope, serviceType)) ?? null;
}

/** True when `role` may move an order of `serviceType` from `from` to `to`. */
export function canMove(from: OrderStatus, to: OrderStatus, role: OrderRole, serviceType: ServiceType): boolean {
  return findMove(from, to, serviceType)?.roles.includes(role) ?? false;
}

/** Why a move is refused (ORDER_STATUS_CONFLICT, with both states and the role), or null when it is allowed. */
export function moveProblem(
  from: OrderStatus,
  to: OrderStatus,
  role: OrderRole,
  serviceType: ServiceType,
): { code: 'ORDER_STATUS_CONFLICT'; details: { from: OrderStatus; to: OrderStatus; role: OrderRole; serviceType: ServiceType } } | null {
  return canMove(from, to, role, serviceType) ? null : { code: 'ORDER_STATUS_CONFLICT', details: { from, to, role, serviceType } };
}

/** Where a role may take an order of this service type from its status. */
export function nextStatuses(from: OrderStatus, role: OrderRole, serviceType: ServiceType): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canMove(from, to, role, serviceType));
}

/** Orders in these states are over: the Archive tab. */
export const FINAL_ORDER_STATUSES = ['CLOSED', 'DELIVERED', 'CANCELED'] as const satisfies readonly OrderStatus[];
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (s) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(s),
);

/** A courier has the order: attached to them (taken, not yet left) or on its way with them. */
export const WITH_COURIER_STATUSES = ['ATTACHED', 'ON_WAY'] as const satisfies readonly OrderStatus[];

/**
 * Whether a courier has the order (ATTACHED or ON_WAY): the one rule for where a courier's position means something
 * (the board's and the customer's map), a courier's load, and the courier's own list.
 */
export function courierHasOrder(status: OrderStatus): boolean {
  return (WITH_COURIER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Active = not CLOSED, DELIVERED or CANCELED (docs/spec-index.md section 4, Active and Archive). */
export function isActiveStatus(status: OrderStatus): boolean {
  return ACTIVE_ORDER_STATUSES.includes(status);
}

/**
 * True when a move completes the order: it reaches the customer (DELIVERED, or CLOSED straight from the
 * counter). The order's earned cashback is credited then, once; DELIVERED → CLOSED completes nothing new.
 */
export function completesOrder(from: OrderStatus, to: OrderStatus): boolean {
  return to !== 'CANCELED' && isActiveStatus(from) && !isActiveStatus(to);
}

/** True when nothing can move the order any more. */
export function isTerminalStatus(status: OrderStatus): boolean {
  return ORDER_MOVES.every((m) => m.from !== status);
}

/** Payment types settled when the order is handed over; every other type is paid online first. */
export const OFFLINE_PAYMENT_TYPES = ['CASH', 'TERMINAL', 'OTHER'] as const satisfies readonly PaymentType[];

export function isOnlinePayment(type: PaymentType): boolean {
  return !(OFFLINE_PAYMENT_TYPES as readonly string[]).includes(type);
}

/**
 * An order the customer can still pay online: an online payment type, not paid, and CREATED (the status that
 * waits for the provider). The pay action shows, and the payment link is given, for these only.
 */
export function awaitsPayment(order: { paymentType: PaymentType; isPaid: boolean; status: OrderStatus }): boolean {
  return isOnlinePayment(order.paymentType) && !order.isPaid && order.status === 'CREATED';
}

/**
 * Whether the customer may cancel their order themselves: the brand lets customers cancel (cancelOrderActive) and the
 * table lets a customer make the move (before the branch accepts it). An order paid online may be cancelled too: the
 * cancel starts its refund at once (`refundOnCancel`, order-refund.ts).
 */
export function customerMayCancel(
  order: { status: OrderStatus; serviceType: ServiceType; paymentType: PaymentType; isPaid: boolean },
  cancelOrderActive: boolean,
): boolean {
  return cancelOrderActive && canMove(order.status, 'CANCELED', 'customer', order.serviceType);
}

/**
 * Why the customer's cancel is refused by the lifecycle, or null when the table allows it: ORDER_ALREADY_ACCEPTED while
 * the branch has the order in hand (only its staff may stop it now), ORDER_STATUS_CONFLICT once it is over.
 */
export function customerCancelProblem(order: {
  status: OrderStatus;
  serviceType: ServiceType;
}): 'ORDER_ALREADY_ACCEPTED' | 'ORDER_STATUS_CONFLICT' | null {
  if (canMove(order.status, 'CANCELED', 'customer', order.serviceType)) return null;
  return isActiveStatus(order.status) ? 'ORDER_ALREADY_ACCEPTED' : 'ORDER_STATUS_CONFLICT';
}

/**
 * The status an order is placed in: CREATED while an online payment is awaited (the payment's move
 * takes it on), else AT_TIME for a scheduled order, else OPEN.
 */
export function initialStatus(order: { paymentType: PaymentType; scheduled: boolean }): OrderStatus {
  if (isOnlinePayment(order.paymentType)) return 'CREATED';
  return order.scheduled ? 'AT_TIME' : 'OPEN';
}

/** The customer-facing labels of docs/spec-index.md section 4. Texts: `orders.status.{label}` in the storefront. */
export type StatusLabel = 'created' | 'open' | 'accepted' | 'cooking' | 'done' | 'onWay' | 'delivered' | 'cancelled' | 'closed';

/**
 * Each status's label. The spec has nine labels for eleven statuses: a scheduled order (AT_TIME) reads as
 * created until it opens at its time, and an order a courier has taken (ATTACHED) is still done (ready) until
 * the courier leaves with it.
 */
export const STATUS_LABELS: Record<OrderStatus, StatusLabel> = {
  CREATED: 'created',
  AT_TIME: 'created',
  OPEN: 'open',
  ACCEPTED: 'accepted',
  COOKING: 'cooking',
  DONE: 'done',
  ATTACHED: 'done',
  ON_WAY: 'onWay',
  DELIVERED: 'delivered',
  CLOSED: 'closed',
  CANCELED: 'cancelled',
};

export const statusLabel = (status: OrderStatus): StatusLabel => STATUS_LABELS[status];

/**
 * Whether the customer sees a move: only one that changes the label they read. A courier taking a ready order (or
 * giving it back) is the brand's business; the customer hears of the courier when the order is on its way.
 */
export const customerSeesMove = (from: OrderStatus, to: OrderStatus): boolean => statusLabel(from) !== statusLabel(to);
