import {
  isDeliveryService,
  isUuid,
  MAX_LINE_COUNT,
  MAX_QUOTE_LINES,
  type AddressDetails,
  type OrderRequest,
  type QuoteProblem,
  type QuoteRequest,
  type ServiceType,
} from '@dasturxon/domain';
import { HttpError } from '../../lib/http.ts';
import type { CheckoutDraft } from './checkout-draft.ts';

/*
 * What the checkout sends: the quote request (the same the basket sends, with the cashback to spend)
 * and the order request built from it and the draft. Ids and counts only: the server prices both.
 */

export interface LineLike {
  productId: string;
  count: number;
  modifications: readonly { id: string; count: number }[];
}

export interface PlaceLike {
  id: string;
  latitude: number;
  longitude: number;
  type?: 'HOUSE' | 'APARTMENT';
  streetName?: string;
  houseNumber?: string;
  description?: string;
  details?: AddressDetails;
}

const clampCount = (n: number) => Math.min(MAX_LINE_COUNT, Math.max(1, Math.trunc(n)));

export function checkoutQuoteRequest(options: {
  lines: readonly LineLike[];
  serviceType: ServiceType;
  branchId: string | null;
  address: { latitude: number; longitude: number } | null;
  promoCode: string | null;
  cashback: number | null;
  /** A later order's day and time: the branch's hours are judged then. */
  schedule?: { day: string; time: string } | null;
}): QuoteRequest {
  const cartItems: QuoteRequest['cartItems'] = options.lines
    .filter((l) => isUuid(l.productId) && l.count >= 1)
    .slice(0, MAX_QUOTE_LINES)
    .map((l) => ({
      productId: l.productId,
      count: clampCount(l.count),
      modifications: l.modifications.filter((m) => isUuid(m.id) && m.count >= 1).map((m) => ({ id: m.id, count: clampCount(m.count) })),
    }));
  const request: QuoteRequest = { cartItems, serviceType: options.serviceType };
  if (options.branchId && isUuid(options.branchId)) request.branchId = options.branchId;
  if (options.address && isDeliveryService(options.serviceType))
    request.address = { latitude: options.address.latitude, longitude: options.address.longitude };
  const code = options.promoCode?.trim();
  if (code) request.promoCode = code;
  if (options.cashback && options.cashback > 0) request.cashback = Math.trunc(options.cashback);
  if (options.schedule) {
    request.day = options.schedule.day;
    request.time = options.schedule.time;
  }
  return request;
}

/**
 * The order request of a quoted checkout. A generated (not saved) address id is dropped (docs/spec-index.md section 4, Checkout).
 * Inside Telegram it comes from the brand's bot, and the Mini App's signed data goes along, so the bot can tell the
 * customer how the order goes. Inside Click's mini app (lib/telegram.ts, `detectClickMiniApp`) it is that app's order.
 */
export function orderRequestOf(
  quote: QuoteRequest,
  draft: CheckoutDraft,
  place: PlaceLike | null,
  receiverPhone: string | null,
  telegramInitData: string | null = null,
  clickMiniApp = false,
): OrderRequest {
  const delivered = isDeliveryService(quote.serviceType);
  const body: OrderRequest = {
    cartItems: quote.cartItems,
    serviceType: quote.serviceType,
    paymentType: draft.paymentType,
    // Inside Telegram the order comes from the brand's bot, inside Click's app from its mini app: each channel's payment
    // types (use-checkout.ts); the server decides the channel from the device (docs/telegram.md).
    orderDevice: telegramInitData ? 'TELEGRAM_BOT' : clickMiniApp ? 'CLICK_MINI_APP' : 'CLIENT_WEB',
    comment: draft.comment.trim(),
    courierComment: delivered ? draft.courierComment.trim() : '',
    receiver:
      draft.receiverOn && receiverPhone && draft.receiverName.trim() ? { name: draft.receiverName.trim(), phone: receiverPhone } : null,
    sendCheque: draft.sendCheque,
    sendChequePhone: null,
    later: draft.later,
  };
  if (quote.branchId) body.branchId = quote.branchId;
  if (quote.promoCode) body.promoCode = quote.promoCode;
  if (quote.cashback) body.cashback = quote.cashback;
  if (delivered && place) {
    body.address = {
      latitude: place.latitude,
      longitude: place.longitude,
      type: place.type ?? 'HOUSE',
      streetName: place.streetName ?? '',
      houseNumber: place.houseNumber ?? '',
      description: place.description ?? '',
      details: place.details ?? {},
      addressId: isUuid(place.id) ? place.id : null,
    };
  }
  if (draft.later && draft.day && draft.time) {
    body.day = draft.day;
    body.time = draft.time;
  }
  if (telegramInitData) body.telegramInitData = telegramInitData;
  return body;
}

/**
 * The quote's problems that stop this checkout. A later order is quoted at its chosen time, so the branch's
 * hours then are what count; while its time is still to be chosen, "closed now" does not stop it.
 */
export function blockingProblems(problems: readonly QuoteProblem[], timeToChoose: boolean): QuoteProblem[] {
  return problems.filter((p) => !(timeToChoose && p.code === 'BRANCH_CLOSED' && p.details?.reason === 'HOURS'));
}

/** What the server asks for when the brand confirms each order by SMS (428 ORDER_CONFIRMATION_REQUIRED), with its times as epoch ms. */
export interface OrderConfirmation {
  phone: string;
  codeLength: number;
  resendAt: number;
  expiresAt: number;
}

/** The confirmation step an order's answer asks for, or null for any other answer. */
export function confirmationOf(error: unknown, now: number): OrderConfirmation | null {
  const body = error instanceof HttpError ? error.body : null;
  if (body?.code !== 'ORDER_CONFIRMATION_REQUIRED') return null;
  const d = (body.details ?? {}) as Record<string, unknown>;
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    phone: typeof d.phone === 'string' ? d.phone : '',
    codeLength: num(d.codeLength, 6),
    resendAt: now + num(d.resendAfterSeconds, 60) * 1000,
    expiresAt: now + num(d.expiresInSeconds, 300) * 1000,
  };
}

/** The branch an order is quoted for when the customer has chosen none: the main active branch, else the first active one. */
export function defaultBranchId(branches: readonly { id: string; isActive: boolean; isMain: boolean }[] | undefined): string | null {
  const active = (branches ?? []).filter((b) => b.isActive);
  return (active.find((b) => b.isMain) ?? active[0])?.id ?? null;
}
