import { AppError, type ErrorCode } from '@dasturxon/domain';

/**
 * What placing an order answers. Only `placed` and `wrong-code` commit anything (the order, or the counted try of a
 * wrong code); every other outcome leaves the database as it was.
 */
export type PlaceOutcome =
  /** The order was written and committed. */
  | { kind: 'placed'; orderId: string }
  /** The same Idempotency-Key and body placed this order before (or a twin request placed it meanwhile): nothing new written. */
  | { kind: 'duplicate'; orderId: string }
  /** Everything would go through, but the brand wants it confirmed by a code: nothing written; the code goes to `phone`. */
  | { kind: 'needs-confirmation'; phone: string; subject: string }
  /** The code sent was wrong: only its counted try is committed. */
  | { kind: 'wrong-code'; attemptsLeft: number | null }
  /** Refused by a rule (the catalogue, the brand's terms, the schedule, stock, cashback): nothing written. */
  | { kind: 'refused'; error: AppError };

/** A step's refusal: the error the customer is answered, with nothing written. */
export interface Refusal {
  refused: AppError;
}

export const refuse = (code: ErrorCode, details?: Record<string, unknown>): Refusal => ({ refused: new AppError(code, details) });

export const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'refused' in value;
