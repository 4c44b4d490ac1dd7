import { PAYMENT_TYPES, type PaymentType } from '@dasturxon/domain';

/*
 * The checkout draft: what the customer chose on /checkout that the order choice (shared/order) does not
 * already keep. It lives in sessionStorage per merchant (`dx:{merchantId}:checkout`), so a reload of
 * /checkout or /checkout/confirm keeps it, and is reset once the order is placed. `attempt` is the
 * Idempotency-Key of the current attempt with the body it was made for: a retry of the same body after a
 * lost answer sends the same key, so it can never place a second order.
 */

export interface CheckoutAttempt {
  key: string;
  /** The JSON of the order request the key was made for. */
  body: string;
}

export interface CheckoutDraft {
  later: boolean;
  day: string | null;
  time: string | null;
  paymentType: PaymentType;
  useCashback: boolean;
  comment: string;
  courierComment: string;
  receiverOn: boolean;
  receiverName: string;
  /** As typed, with the mask: `+998 90 123 45 67`. */
  receiverPhone: string;
  sendCheque: boolean;
  attempt: CheckoutAttempt | null;
}

export const EMPTY_DRAFT: CheckoutDraft = {
  later: false,
  day: null,
  time: null,
  paymentType: 'CASH',
  useCashback: false,
  comment: '',
  courierComment: '',
  receiverOn: false,
  receiverName: '',
  receiverPhone: '',
  sendCheque: false,
  attempt: null,
};

export const draftStorageKey = (merchantId: string): string => `dx:${merchantId}:checkout`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');
const flag = (v: unknown): boolean => v === true;

/** Reads a stored draft; anything malformed falls back to the empty draft's value, field by field. */
export function parseDraft(raw: string | null | undefined): CheckoutDraft {
  if (!raw) return EMPTY_DRAFT;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_DRAFT;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return EMPTY_DRAFT;
  const d = data as Record<string, unknown>;
  const attempt = d.attempt as Partial<CheckoutAttempt> | null | undefined;
  return {
    later: flag(d.later),
    day: typeof d.day === 'string' && DAY.test(d.day) ? d.day : null,
    time: typeof d.time === 'string' && TIME.test(d.time) ? d.time : null,
    paymentType: (PAYMENT_TYPES as readonly unknown[]).includes(d.paymentType) ? (d.paymentType as PaymentType) : 'CASH',
    useCashback: flag(d.useCashback),
    comment: text(d.comment, 500),
    courierComment: text(d.courierComment, 500),
    receiverOn: flag(d.receiverOn),
    receiverName: text(d.receiverName, 100),
    receiverPhone: text(d.receiverPhone, 32),
    sendCheque: flag(d.sendCheque),
    attempt:
      attempt &&
      typeof attempt === 'object' &&
      typeof attempt.key === 'string' &&
      /^[\x21-\x7e]{8,128}$/.test(attempt.key) &&
      typeof attempt.body === 'string'
        ? { key: attempt.key, body: attempt.body }
        : null,
  };
}

export const serializeDraft = (draft: CheckoutDraft): string => JSON.stringify(draft);

/**
 * The attempt for this body: the draft's own when it was made for exactly this body (a retry), else a
 * new key (the first try, or the customer changed something since).
 */
export function attemptFor(draft: CheckoutDraft, body: string, newKey: () => string): CheckoutAttempt {
  return draft.attempt && draft.attempt.body === body ? draft.attempt : { key: newKey(), body };
}
