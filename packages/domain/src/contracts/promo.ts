import { z } from 'zod';
import { DiscountType } from './enums.ts';

/*
 * The promo check: the storefront asks whether a code works before it shows "promo code added".
 * The quote applies the same checks to the real basket; this call is for the customer's early answer.
 */

export const PromoCheckQuery = z.object({
  code: z.string().trim().min(1).max(64),
  /**
   * The basket's products after their own discounts, in so'm, for the minimum-price check; without
   * it the minimum is not judged (the quote judges it against the real basket).
   */
  amount: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The tenant on development hosts (see the tenant resolver); ignored otherwise. */
  vendor: z.string().optional(),
});
export type PromoCheckQuery = z.infer<typeof PromoCheckQuery>;

/** A promo as the storefront sees it (docs/spec-index.md section 3, Promo). */
export const PromoResponse = z.object({
  id: z.uuid(),
  code: z.string(),
  discountType: DiscountType,
  /** So'm for AMOUNT, a percent for PERCENTAGE. */
  productDiscount: z.number().min(0),
  /** So'm for AMOUNT, a percent for PERCENTAGE. */
  deliveryDiscount: z.number().min(0),
  /** The least the products must cost, after their own discounts. */
  minPrice: z.number().int().min(0),
  /** ISO instant the promo starts working, or null for always. */
  startDate: z.iso.datetime({ offset: true }).nullable(),
  /** ISO instant the promo stops working (exclusive), or null for ever. */
  endDate: z.iso.datetime({ offset: true }).nullable(),
  isActive: z.boolean(),
});
export type PromoResponse = z.infer<typeof PromoResponse>;

/**
 * A promo the brand lists for its customers (`GET /orders/v1/promo/public`, issue 31): one they can use now, with its
 * terms as the promo check answers them. Whether the basket reaches its minimum is for the quote to judge.
 */
export const PublicPromo = PromoResponse.omit({ isActive: true });
export type PublicPromo = z.infer<typeof PublicPromo>;
export const PublicPromoList = z.object({ content: z.array(PublicPromo) });
export type PublicPromoList = z.infer<typeof PublicPromoList>;
