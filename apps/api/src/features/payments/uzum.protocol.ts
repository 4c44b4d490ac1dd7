import { z } from 'zod';
import { PAYMENT_WINDOW_MS } from '@dasturxon/domain';

/*
 * Uzum Bank's Merchant API webhooks as data (docs/protocols.md section 3): JSON both ways, Basic auth, amounts in
 * tiyin, successes with HTTP 200 and failures with HTTP 400 `{status: "FAILED", errorCode}`. The error numbering
 * follows Uzum's own table as the implementations that quote it have it (decision 009 names which source says what).
 */

export const UZUM_OPERATIONS = ['check', 'create', 'confirm', 'reverse', 'status'] as const;
export type UzumOperation = (typeof UZUM_OPERATIONS)[number];
export const isUzumOperation = (op: string): op is UzumOperation => (UZUM_OPERATIONS as readonly string[]).includes(op);

/** A transaction not confirmed within this time of its /create is failed for Uzum (docs/protocols.md section 3). */
export const UZUM_CONFIRM_WINDOW_MS = PAYMENT_WINDOW_MS.UZUM;

export const UZUM_ERRORS = {
  UNAUTHORIZED: '10001',
  PARSE_ERROR: '10002',
  UNKNOWN_OPERATION: '10003',
  /** A field missing or of the wrong type, or a text that is not well-formed (a control character, a lone surrogate). */
  MISSING_PARAMS: '10005',
  INVALID_SERVICE: '10006',
  /** "Additional payment attribute not found": no such order payable through Uzum (params.orderId). */
  ORDER_NOT_FOUND: '10007',
  /** "Payment already processed": the order is paid, or another live transaction holds it. */
  ALREADY_PROCESSED: '10008',
  /** The order is cancelled: it can no longer be paid. */
  CANCELLED: '10009',
  /** A /create repeated with a transId we already have. */
  ALREADY_CREATED: '10010',
  /** The amount is not the order's. */
  INVALID_AMOUNT: '10011',
  TRANSACTION_NOT_FOUND: '10014',
  /** A /confirm for a transaction reversed or failed. */
  TRANSACTION_CANCELLED: '10015',
  /** A /confirm repeated for a transaction confirmed already. */
  ALREADY_CONFIRMED: '10016',
  /** A /reverse the transaction cannot take now (the branch has accepted the order). */
  CANNOT_REVERSE: '10017',
  /** A /reverse repeated for a transaction reversed already. */
  ALREADY_REVERSED: '10018',
  /** We failed. */
  CHECK_FAILED: '99999',
} as const;

export type UzumErrorKey = keyof typeof UZUM_ERRORS;

const serviceId = z.number().int().positive();
const timestamp = z.number().int().nonnegative();
const transId = z.string().min(1).max(64);
const params = z.object({ orderId: z.unknown() }).loose();

export const UZUM_BODIES = {
  check: z.object({ serviceId, timestamp, params }).loose(),
  create: z.object({ serviceId, timestamp, transId, params, amount: z.number().int().positive() }).loose(),
  confirm: z.object({ serviceId, timestamp, transId }).loose(),
  reverse: z.object({ serviceId, timestamp, transId }).loose(),
  status: z.object({ serviceId, timestamp, transId }).loose(),
} as const;

export type UzumBody<O extends UzumOperation> = z.infer<(typeof UZUM_BODIES)[O]>;

export interface UzumReply {
  status: 200 | 400;
  body: Record<string, unknown>;
}

/** A failure as Uzum expects it: HTTP 400 with its error code. */
export function uzumFailure(key: UzumErrorKey, echo: { serviceId?: unknown; transId?: unknown }, now: number): UzumReply {
  return {
    status: 400,
    body: {
      ...(typeof echo.serviceId === 'number' ? { serviceId: echo.serviceId } : {}),
      ...(typeof echo.transId === 'string' ? { transId: echo.transId } : {}),
      timestamp: now,
      status: 'FAILED',
      errorCode: UZUM_ERRORS[key],
    },
  };
}

/** A refusal in Uzum's words, thrown where nothing has been written yet. */
export class UzumRefusal extends Error {
  constructor(readonly key: UzumErrorKey) {
    super(key);
  }
}
