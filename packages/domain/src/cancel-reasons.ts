import type { ErrorCode } from './errors.ts';
import { REJECT_REASONS } from './staff.ts';

/*
 * Why an order was cancelled, one catalogue of codes for the storefront and the console: the customer's reasons (the
 * order page's cancel sheet), the staff's (the console's reject, REJECT_REASONS) and the system's (the unpaid timer, a
 * provider's refund). Each code's words are `cancelReason.{code}` in both apps' catalogues, the same in every
 * language (the catalogue tests hold them to it), so a code never reaches a screen raw.
 */

/** The reasons a customer can give, in the order the cancel sheet offers them; OTHER asks for their own words. */
export const CUSTOMER_CANCEL_REASONS = ['CHANGED_MIND', 'UPDATE', 'CHANGE_PAYMENT_TYPE', 'CHANGE_DELIVERY_TYPE', 'OTHER'] as const;
export type CustomerCancelReason = (typeof CUSTOMER_CANCEL_REASONS)[number];

/** The system's: the order timer's unpaid cancel and the provider's refund. */
export const SYSTEM_CANCEL_REASONS = ['NOT_PAID_IN_TIME', 'PAYMENT_REFUNDED'] as const;

/** Every cancel reason code, each once (OTHER is both the customer's and the staff's). */
export const CANCEL_REASONS = [...new Set([...CUSTOMER_CANCEL_REASONS, ...REJECT_REASONS, ...SYSTEM_CANCEL_REASONS])];

export const isCancelReason = (code: string | null | undefined): boolean => (CANCEL_REASONS as readonly string[]).includes(code ?? '');
export const isCustomerCancelReason = (code: string | null | undefined): code is CustomerCancelReason =>
  (CUSTOMER_CANCEL_REASONS as readonly string[]).includes(code ?? '');

/** The most a customer's own words for OTHER may hold. */
export const CANCEL_OTHER_TEXT_MAX = 200;

/**
 * What is wrong with a customer's cancel, or null: CANCEL_REASON_TEXT_REQUIRED when OTHER comes without words,
 * CANCEL_REASON_TEXT_TOO_LONG {max} when they are longer than CANCEL_OTHER_TEXT_MAX. Another reason's comment is optional.
 */
export function cancelTextProblem(reason: string, text: string): { code: ErrorCode; details?: Record<string, unknown> } | null {
  if (reason !== 'OTHER') return null;
  const words = text.trim();
  if (!words) return { code: 'CANCEL_REASON_TEXT_REQUIRED' };
  if ([...words].length > CANCEL_OTHER_TEXT_MAX) return { code: 'CANCEL_REASON_TEXT_TOO_LONG', details: { max: CANCEL_OTHER_TEXT_MAX } };
  return null;
}
