import { z } from 'zod';
import { DiscountType, ServiceType } from './enums.ts';
import { ArrivalEstimate } from './eta.ts';
import { type ErrorCode, ERROR_CATALOGUE } from '../errors.ts';
import { MAX_LINE_COUNT, MAX_QUOTE_LINES } from '../constants.ts';

/*
 * The quote call: the storefront sends what is in the basket (ids and counts only, never a price)
 * and the server answers with every amount, computed by `priceBasket`, and the problems it found.
 * The basket may be empty so the storefront can show a basket of zeros through the same call.
 */

export const QuoteModification = z.strictObject({
  id: z.uuid(),
  count: z.number().int().min(1).max(MAX_LINE_COUNT),
});
export type QuoteModification = z.infer<typeof QuoteModification>;

export const QuoteCartItem = z.strictObject({
  productId: z.uuid(),
  count: z.number().int().min(1).max(MAX_LINE_COUNT),
  modifications: z.array(QuoteModification).max(MAX_QUOTE_LINES).default([]),
});
export type QuoteCartItem = z.infer<typeof QuoteCartItem>;

export const QuoteAddress = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type QuoteAddress = z.infer<typeof QuoteAddress>;

/** A scheduled order's day and time on the wall clock of the branch's city (the order request uses the same). */
export const ScheduleDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD');
export const ScheduleTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');

export const QuoteRequest = z.strictObject({
  cartItems: z.array(QuoteCartItem).max(MAX_QUOTE_LINES),
  serviceType: ServiceType,
  branchId: z.uuid().optional(),
  /** Where to deliver; prices the delivery and checks the zones. */
  address: QuoteAddress.optional(),
  promoCode: z.string().trim().min(1).max(64).optional(),
  /** The cashback the customer asks to spend; the server spends at most the balance and what is left to pay. */
  cashback: z.number().int().min(0).optional(),
  /** For an order at a later time: the branch's hours are judged at this day and time instead of now. */
  day: ScheduleDay.optional(),
  time: ScheduleTime.optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

const Amount = z.number().int().min(0);

/** The promo the quote applied. */
export const QuotePromo = z.object({
  id: z.uuid(),
  code: z.string(),
  discountType: DiscountType,
  productDiscount: z.number().min(0),
  deliveryDiscount: z.number().min(0),
  minPrice: Amount,
});
export type QuotePromo = z.infer<typeof QuotePromo>;

export const QuoteLine = z.object({
  productId: z.uuid(),
  count: z.number().int().min(1),
  modifications: z.array(z.object({ id: z.uuid(), count: z.number().int().min(1), price: Amount })),
  gross: Amount,
  discount: Amount,
  net: Amount,
});
export type QuoteLine = z.infer<typeof QuoteLine>;

const errorCodes = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

export const QuoteProblem = z.object({
  code: z.enum(errorCodes),
  description: z.object({ ru: z.string(), uz: z.string(), eng: z.string() }),
  details: z.record(z.string(), z.unknown()).optional(),
  productId: z.uuid().optional(),
});
export type QuoteProblem = z.infer<typeof QuoteProblem>;

export const QuoteResponse = z.object({
  productPrice: Amount,
  productDiscount: Amount,
  promoProductDiscount: Amount,
  deliveryPrice: Amount,
  deliveryDiscount: Amount,
  serviceFee: Amount,
  cashback: Amount,
  totalDiscount: Amount,
  totalPrice: Amount,
  productCount: z.number().int().min(0),
  promo: QuotePromo.nullable(),
  lines: z.array(QuoteLine),
  /** Everything that keeps the basket from being ordered as it is; empty when it can be. */
  problems: z.array(QuoteProblem),
  /** When it would come: "≈ 35–45 min", "ready at 13:25", the chosen slot (domain eta.ts); null without a distance to ride. */
  eta: ArrivalEstimate.nullable(),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;
