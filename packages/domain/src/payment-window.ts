import type { PaymentProvider } from './enums.ts';

/*
 * How long each provider may take to finish a payment it has started, and what that means for our unpaid-order
 * timer (decision 008): no order with a provider transaction in progress is cancelled by the timer before that
 * provider's own window has passed, so our timer never races a provider that is about to take the money.
 */

/**
 * Each provider's window, from the start of its transaction (our record of it), in ms:
 * - PAYME: a created transaction (state 1) is cancelled by timeout after 12 hours (docs/protocols.md 1.5);
 * - UZUM: a transaction not confirmed within 30 minutes of /create is failed (docs/protocols.md section 3);
 * - CLICK: Prepare → Complete has no documented bound (docs/protocols.md section 2); we take 30 minutes, as Uzum's.
 */
export const PAYMENT_WINDOW_MS: Readonly<Record<PaymentProvider, number>> = {
  PAYME: 12 * 3_600_000,
  CLICK: 30 * 60_000,
  UZUM: 30 * 60_000,
};

/** A provider transaction under way for an order: Payme CREATED (state 1), Click PREPARED, Uzum CREATED. */
export interface PaymentInProgress {
  provider: PaymentProvider;
  /** When it started (Payme's create_time, Click's Prepare, Uzum's transTime), in ms. */
  startedAt: number;
}

/** Whether a provider transaction started at `startedAt` is still within the provider's window at `now`. */
export const withinPaymentWindow = (t: PaymentInProgress, now: number) => now - t.startedAt < PAYMENT_WINDOW_MS[t.provider];

/**
 * When the unpaid timer may cancel an order: its payment time, or later the end of the latest window of the
 * transactions in progress (`dueAt`, ms); `cancel` says whether that time has come at `now`.
 */
export function unpaidOrderDue(
  payUntil: number,
  inProgress: readonly PaymentInProgress[],
  now: number,
): { cancel: boolean; dueAt: number } {
  let dueAt = payUntil;
  for (const t of inProgress) dueAt = Math.max(dueAt, t.startedAt + PAYMENT_WINDOW_MS[t.provider]);
  return { cancel: now >= dueAt, dueAt };
}
