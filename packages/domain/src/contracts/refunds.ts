import { z } from 'zod';
import { PAYMENT_TYPES } from '../enums.ts';
import { REFUND_STATES } from '../order-refund.ts';

/*
 * The console's refunds (issue 29): `GET /api/admin/v1/refunds` lists the brand's open ones (STARTED or FAILED),
 * `GET /api/admin/v1/refunds/{orderId}` one order's, `POST /api/admin/v1/refunds/{orderId}/done` marks it refunded.
 */
export const Refund = z.object({
  orderId: z.uuid(),
  number: z.number().int(),
  branchId: z.uuid(),
  /** What goes back, in sums. */
  amount: z.number().int(),
  paymentType: z.enum(PAYMENT_TYPES),
  provider: z.enum(['PAYME', 'CLICK', 'UZUM']).nullable(),
  state: z.enum(REFUND_STATES),
  startedAt: z.iso.datetime().nullable(),
  /** Reversals asked of Click so far (0 for Payme and Uzum, which we do not call). */
  tries: z.number().int(),
  /** Why the last try did not give the money back (Click's refusal, or that Click was not heard). */
  error: z.string().nullable(),
  doneAt: z.iso.datetime().nullable(),
  /** The staff member who marked it refunded by hand; null when the provider completed it. */
  doneBy: z.uuid().nullable(),
  version: z.number().int(),
  /** Whether a manager may mark it refunded now (FAILED, or a STARTED Payme or Uzum refund). */
  canMark: z.boolean(),
});
export type Refund = z.infer<typeof Refund>;

export const RefundList = z.array(Refund);
export const RefundDoneRequest = z.strictObject({ version: z.number().int() });
export type RefundDoneRequest = z.infer<typeof RefundDoneRequest>;
