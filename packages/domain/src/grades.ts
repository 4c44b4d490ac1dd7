import type { OrderStatus } from './enums.ts';

/*
 * Grades and reviews (issue 31): who may grade which order, and until when. Server and web both ask here.
 * A customer grades an order of theirs (1 to 5) and each of its products (1 to 5), with an optional plain-text
 * comment, once the order reached them (DELIVERED, or CLOSED: picked up or closed after delivery). The first
 * grade may be changed for REGRADE_WINDOW_MS; after that it is locked.
 */

export const GRADE_MIN = 1;
export const GRADE_MAX = 5;
/** Longest comment, in characters, after trimming. */
export const GRADE_COMMENT_MAX = 500;
/** How long after the first grade the customer may still change it. */
export const REGRADE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A product page shows its average only once this many customers graded it. */
export const GRADE_MIN_COUNT = 3;
/** Comments per page on the product page ("show more" loads the next). */
export const GRADE_COMMENTS_PAGE = 10;

/** Statuses in which the order has reached its customer. */
export const GRADABLE_STATUSES = ['DELIVERED', 'CLOSED'] as const satisfies readonly OrderStatus[];

export type GradeProblem = 'NOT_FOUND' | 'GRADE_NOT_COMPLETED' | 'GRADE_LOCKED';

export interface GradeCheck {
  /** The customer asking. */
  userId: string;
  /** The order's customer. */
  orderUserId: string | null;
  status: OrderStatus;
  /** When the order was first graded, or null when never. */
  firstGradedAt: Date | null;
  now: Date;
}

/** Why this customer may not grade (or regrade) this order now, or null when they may. */
export function gradeProblem(c: GradeCheck): GradeProblem | null {
  // Someone else's order is answered as not found: it does not exist for this customer.
  if (!c.orderUserId || c.orderUserId !== c.userId) return 'NOT_FOUND';
  if (!(GRADABLE_STATUSES as readonly OrderStatus[]).includes(c.status)) return 'GRADE_NOT_COMPLETED';
  if (c.firstGradedAt && c.now.getTime() - c.firstGradedAt.getTime() > REGRADE_WINDOW_MS) return 'GRADE_LOCKED';
  return null;
}

/** True when the order page should offer "rate your order" (or "change your grade"). */
export function canGrade(c: GradeCheck): boolean {
  return gradeProblem(c) === null;
}

/** Until when a given grade may still be changed. */
export function regradeUntil(firstGradedAt: Date): Date {
  return new Date(firstGradedAt.getTime() + REGRADE_WINDOW_MS);
}

/** A comment as stored: trimmed, control characters (except new lines) removed, empty → null. */
export function cleanComment(text: string | null | undefined): string | null {
  if (text == null) return null;
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '').trim();
  return clean === '' ? null : clean;
}

/** True when a product's average may be shown (enough grades). */
export function showsAverage(count: number): boolean {
  return count >= GRADE_MIN_COUNT;
}
