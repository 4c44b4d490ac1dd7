import { z } from 'zod';

/*
 * Uzum Bank's Merchant API webhooks as data (protocols.md section 3): JSON both ways, Basic auth, amounts in
 * tiyin, successes with HTTP 200 and failures with HTTP 400 `{status: "FAILED", errorCode}`. The error numbering
 * is not settled by an official text (section 7.5); we follow the NestJS example of the protocol notes ([I1]).
 */

export const UZUM_OPERATIONS = ['check', 'create', 'confirm', 'reverse', 'status'] as const;
export type UzumOperation = (typeof UZUM_OPERATIONS)[number];
export const isUzumOperation = (op: string): op is UzumOperation => (UZUM_OPERATIONS as readonly string[]).includes(op);

export const UZUM_ERRORS = {
  UNAUTHORIZED: '10001',
  PARSE_ERROR: '10002',
  UNKNOWN_OPERATION: '10003',
  MISSING_PARAMS: '10005',
  INVALID_SERVICE: '10006',
  /** The order is paid (or another transaction of it is), or a reversal the order can no longer take. */
  ALREADY_PROCESSED: '10007',
  /** No such order payable through Uzum (params.orderId). */
  ORDER_NOT_FOUND: '10008',
  CANCELLED: '10009',
  TRANSACTION_NOT_FOUND: '10014',
  /** The payment's data do not match the order (its amount), or we failed. */
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
