import { courierHasOrder, WITH_COURIER_STATUSES, type OrderRole } from './order-status.ts';
import type { OrderStatus, ServiceType } from './enums.ts';
import { isDeliveryService } from './quote-rules.ts';
import { branchScopeOf } from './back-office.ts';

/*
 * The brand's staff (issue 15, decision 010): who works in the console, which orders each sees and which
 * moves of the order table each may make. The table itself (order-status.ts) stays the one rule for moves;
 * this module maps a staff member onto its roles and says what each board column holds.
 */

/**
 * The roles (issue 15; issue 28 added the brand's owner and the branch manager, decision 017). What each may change in the
 * back office is back-office.ts's rule; on the board the owner, the admin and the manager work as the operator does.
 */
export const STAFF_ROLES = ['owner', 'admin', 'manager', 'operator', 'kitchen', 'courier', 'waiter'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who sees the brand's failed staff logins (`GET /api/ops/v1/auth/failures`): the brand's owner and its admins. */
export const LOGIN_FAILURES_ROLES = ['owner', 'admin'] as const satisfies readonly StaffRole[];

/** The roles that work on the board (the waiter works on the floor: the tables' calls, issue 32). */
export type BoardRole = Exclude<StaffRole, 'waiter'>;
export const isBoardRole = (role: StaffRole): role is BoardRole => role !== 'waiter';

/** The role a staff member moves orders as: the owner, an admin and a manager run the brand and move as its operator does. */
export function orderRoleOf(role: BoardRole): Extract<OrderRole, 'operator' | 'kitchen' | 'courier'> {
  return role === 'owner' || role === 'admin' || role === 'manager' ? 'operator' : role;
}

/** Why the brand refuses or cancels an order (the console's reject; the customer reads it on the order). */
export const REJECT_REASONS = [
  'OUT_OF_STOCK',
  'BRANCH_BUSY',
  'BRANCH_CLOSED',
  'ADDRESS_UNREACHABLE',
  'CUSTOMER_UNREACHABLE',
  'DUPLICATE',
  'OTHER',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** The console board's columns, in the order an order moves through them, and the statuses each holds. */
export const BOARD_COLUMNS = [
  { id: 'new', statuses: ['OPEN'] },
  { id: 'accepted', statuses: ['ACCEPTED'] },
  { id: 'cooking', statuses: ['COOKING'] },
  { id: 'ready', statuses: ['DONE'] },
  { id: 'onTheWay', statuses: WITH_COURIER_STATUSES },
  { id: 'done', statuses: ['DELIVERED', 'CLOSED', 'CANCELED'] },
] as const satisfies readonly { id: string; statuses: readonly OrderStatus[] }[];
export type BoardColumn = (typeof BOARD_COLUMNS)[number]['id'];

/** The board column of a status; CREATED (awaiting online payment) and AT_TIME (scheduled) are on no column yet. */
export function boardColumnOf(status: OrderStatus): BoardColumn | null {
  return BOARD_COLUMNS.find((c) => (c.statuses as readonly OrderStatus[]).includes(status))?.id ?? null;
}

/**
 * Which orders the board needs first (decision 010, "The board's pages"): 0 waits for the branch's answer (the
 * first column: not yet accepted, late after a few minutes), 1 is in the branch's hands on a working column (each
 * status there waits for the next staff move of the order table), 2 is the rest (the done column, and orders not
 * on the board yet: awaiting payment or their time). The board's pages go by this rank, then newest first.
 */
export type BoardRank = 0 | 1 | 2;
export const BOARD_WAITING_STATUSES: readonly OrderStatus[] = BOARD_COLUMNS[0].statuses;
export const BOARD_WORKING_STATUSES: readonly OrderStatus[] = BOARD_COLUMNS.slice(1).flatMap((c) =>
  c.id === 'done' ? [] : [...c.statuses],
);

export function boardRank(status: OrderStatus): BoardRank {
  if (BOARD_WAITING_STATUSES.includes(status)) return 0;
  return BOARD_WORKING_STATUSES.includes(status) ? 1 : 2;
}

/** Orders of the board per page, unless the caller asks for fewer (or more, up to the most). */
export const BOARD_PAGE_SIZE = 100;
export const BOARD_PAGE_SIZE_MAX = 500;

/**
 * A ready delivery nobody has taken: what a courier of its branch may take (ATTACHED). The server's scope of a
 * courier (`features/board`, and its query's form in board.repository.ts) and the courier's phone view both ask this.
 */
export function awaitsCourier(order: { status: OrderStatus; serviceType: ServiceType; courierId: string | null }): boolean {
  return order.status === 'DONE' && order.courierId === null && isDeliveryService(order.serviceType);
}

/** Whether this courier has the order: it is theirs and taken or on the way (the courier view's "my orders"). */
export function carriesOrder(order: { status: OrderStatus; courierId: string | null }, courierId: string): boolean {
  return order.courierId === courierId && courierHasOrder(order.status);
}

/** Courier statuses (docs/spec-index.md section 4) the console sets as the order moves. */
export const COURIER_STATUSES = [
  '',
  'PERFORMER_LOOK_UP',
  'PERFORMER_FOUND',
  'PERFORMER_NOT_FOUND',
  'PERFORMER_PICK_UP_ARRIVED',
  'PERFORMER_PICKUPED',
  'PERFORMER_ARRIVED',
  'PERFORMER_DELIVERED_FINISH',
  'PERFORMER_RETURNING',
  'PERFORMER_RETURN_ARRIVED',
  'PERFORMER_RETURNED_FINISH',
  'NEW_ORDER',
  'ESTIMATING_FAILED',
  'READY_FOR_APPROVAL',
  'FAILED',
  'CANCELLED',
  'ACCEPTED',
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

/** The courier status an order's move implies for its own couriers: attached, picked up, delivered, handed back. */
export function courierStatusAfter(to: OrderStatus): CourierStatus | null {
  switch (to) {
    case 'ATTACHED':
      return 'PERFORMER_FOUND';
    case 'ON_WAY':
      return 'PERFORMER_PICKUPED';
    case 'DELIVERED':
      return 'PERFORMER_DELIVERED_FINISH';
    case 'DONE':
      return '';
    default:
      return null;
  }
}

/** How often the courier's phone sends its position while an order is on the way. */
export const COURIER_POSITION_INTERVAL_SECONDS = 10;
/** The longest a branch's delivery may be paused at once, in minutes. */
export const MAX_DELIVERY_PAUSE_MINUTES = 24 * 60;

/*
 * The staff accounts of the back office (issue 28, area `staff`): a password's policy and what an owner may not do to
 * the brand's owners. The API (`/api/admin/v1/staff`, `/api/ops/v1/auth/password`) and the console's forms ask these.
 */

/** The shortest password a staff member may set (a one-time password is 12 characters of a readable alphabet). */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
/** The longest (the login takes up to 200 characters). */
export const STAFF_PASSWORD_MAX_LENGTH = 200;

/** Why a new password is refused, or null: too short, too long, or the same as the current one. */
export function newPasswordProblem(next: string, current: string): 'tooShort' | 'tooLong' | 'unchanged' | null {
  if ([...next].length < STAFF_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (next.length > STAFF_PASSWORD_MAX_LENGTH) return 'tooLong';
  return next === current ? 'unchanged' : null;
}

/** A staff member as the owners' rule sees them. */
export interface StaffStanding {
  id: string;
  role: StaffRole;
  isActive: boolean;
}

/**
 * Whether a change of a staff member's role or activity may be made, or the catalogue code refusing it: nobody
 * disables themselves or changes their own role (STAFF_SELF_CHANGE), and the brand keeps at least one active owner
 * (STAFF_LAST_OWNER). `activeOwners` counts the brand's active owners before the change, the member included.
 */
export function staffChangeRefusal(
  actorId: string | null,
  member: StaffStanding,
  next: { role: StaffRole; isActive: boolean },
  activeOwners: number,
): 'STAFF_SELF_CHANGE' | 'STAFF_LAST_OWNER' | null {
  const demoted = next.role !== member.role || (member.isActive && !next.isActive);
  if (!demoted) return null;
  if (actorId !== null && member.id === actorId) return 'STAFF_SELF_CHANGE';
  const losesAnOwner = member.role === 'owner' && member.isActive && (next.role !== 'owner' || !next.isActive);
  return losesAnOwner && activeOwners <= 1 ? 'STAFF_LAST_OWNER' : null;
}

/**
 * Whether a role must name the branches it works at: an operator, a kitchen or a courier with none would see no
 * order at all (branchScopeOf), while an owner always works everywhere and an admin or a manager with none does too.
 */
export const needsBranches = (role: StaffRole): boolean => branchScopeOf({ role, branchIds: [] })?.length === 0;
