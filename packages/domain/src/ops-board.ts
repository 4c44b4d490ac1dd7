import type { OrderStatus } from './enums.ts';
import type { StaffRole } from './staff.ts';
import { worksAt } from './back-office.ts';

/*
 * The staff console's own rules (apps/ops; issue 15, decision 010): which screens each role has, which new orders
 * ring for whom, when an order on the board is late, and in which order its moves are offered. What a role may do
 * to an order is the order table's (order-status.ts, mapped by staff.ts); the server sends each order's `next`.
 */

/** The console's screens. */
export const CONSOLE_SCREENS = ['board', 'stopList', 'figures', 'courier', 'reservations', 'chats', 'floor', 'grades'] as const;
export type ConsoleScreen = (typeof CONSOLE_SCREENS)[number];

/**
 * What each role sees, its landing screen first: the courier has their own phone view; the kitchen no figures; the
 * waiter the floor (the tables' calls and running bills, issue 32) only; the customers' grades (issue 31) go to the
 * desk roles, the owner and admins alone hiding a comment.
 */
export const SCREENS_OF_ROLE: Record<StaffRole, readonly ConsoleScreen[]> = {
  owner: ['board', 'stopList', 'figures', 'reservations', 'chats', 'floor', 'grades'],
  admin: ['board', 'stopList', 'figures', 'reservations', 'chats', 'floor', 'grades'],
  manager: ['board', 'stopList', 'figures', 'reservations', 'chats', 'floor', 'grades'],
  operator: ['board', 'stopList', 'figures', 'reservations', 'chats', 'floor', 'grades'],
  kitchen: ['board', 'stopList'],
  courier: ['courier'],
  waiter: ['floor'],
};

/** The screen a role lands on after signing in. */
export const homeScreenOf = (role: StaffRole): ConsoleScreen => SCREENS_OF_ROLE[role][0] ?? 'board';

/** Whether a role is told of new orders (a chime, a notification): everyone but the courier, who takes ready ones, and the waiter, who hears the tables' calls. */
export const hearsNewOrders = (role: StaffRole): boolean => role !== 'courier' && role !== 'waiter';

/**
 * Whether an order event rings for a staff member: a new order (OPEN) at one of their branches (back-office.ts
 * `worksAt`), for a role that hears new orders.
 */
export function ringsFor(
  staff: { role: StaffRole; branchIds: readonly string[] },
  event: { status: OrderStatus; branchId: string },
): boolean {
  return hearsNewOrders(staff.role) && event.status === 'OPEN' && worksAt(staff, event.branchId);
}

/** Minutes a new order may wait for the branch's answer before the board shows it late. */
export const NEW_ORDER_LATE_MINUTES = 5;
/** The cooking minutes the accept dialog offers first. */
export const DEFAULT_COOKING_MINUTES = 20;

/** Whole minutes from an instant to `now` (ms), never below zero. */
export const minutesBetween = (iso: string, now: number): number => Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));

export interface WaitingOrder {
  status: OrderStatus;
  createdAt: string;
  acceptedTime: string | null;
  /** The minutes the branch said it would cook, when it accepted. */
  cookingTime: number | null;
}

/**
 * How long an order has waited on the board, and whether it is late: a new order (OPEN) counts from when it was
 * placed and is late from NEW_ORDER_LATE_MINUTES; an accepted or cooking one counts from its acceptance and is late
 * once past the cooking minutes the branch gave; any other counts from when it was placed and is never late.
 */
export function orderWait(order: WaitingOrder, now: number): { minutes: number; late: boolean } {
  const inKitchen = order.status === 'ACCEPTED' || order.status === 'COOKING';
  const minutes = minutesBetween(inKitchen && order.acceptedTime ? order.acceptedTime : order.createdAt, now);
  if (order.status === 'OPEN') return { minutes, late: minutes >= NEW_ORDER_LATE_MINUTES };
  return { minutes, late: inKitchen && order.cookingTime !== null && minutes > order.cookingTime };
}

/** The lifecycle's order, in which the console offers an order's moves: the way forward first, the cancel last. */
const MOVE_ORDER: readonly OrderStatus[] = ['OPEN', 'ACCEPTED', 'COOKING', 'DONE', 'ATTACHED', 'ON_WAY', 'DELIVERED', 'CLOSED', 'CANCELED'];

/** An order's next statuses as the console offers them; handing an attached order back (→ DONE) comes just before the cancel. */
export function movesInOrder(status: OrderStatus, next: readonly OrderStatus[]): OrderStatus[] {
  const rank = (to: OrderStatus) => (to === 'DONE' && status === 'ATTACHED' ? MOVE_ORDER.length - 1.5 : MOVE_ORDER.indexOf(to));
  return [...next].sort((a, b) => rank(a) - rank(b));
}

/**
 * Whether a move asks something first: accepting asks the cooking minutes, cancelling a reason, and attaching asks
 * which courier unless a courier takes the order themself. The other moves are made at once.
 */
export function asksBeforeMove(to: OrderStatus, role: StaffRole): to is 'ACCEPTED' | 'CANCELED' | 'ATTACHED' {
  return to === 'ACCEPTED' || to === 'CANCELED' || (to === 'ATTACHED' && role !== 'courier');
}
