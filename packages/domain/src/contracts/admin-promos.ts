import { z } from 'zod';
import { DiscountType } from './enums.ts';

/*
 * The back office's promo codes (issue 28, docs/back-office.md "Promotions"): `/api/admin/v1/promos`, area
 * `promotions` (owner, admin, manager). The console's form validates with the same schemas.
 *
 * A promo takes an amount (so'm) or a percent off the products or off the delivery. Its code is unique in the brand
 * whatever the letter case (the database's unique index on (merchant_id, lower(code)); the customer may type it in any
 * case); it is kept as the owner wrote it. Limits count the orders holding the code: every order placed with it that
 * is not cancelled (a cancelled order gives its use back).
 */

/** What a promo takes its discount off. */
export const PROMO_TARGETS = ['PRODUCTS', 'DELIVERY'] as const;
export const PromoTarget = z.enum(PROMO_TARGETS);
export type PromoTarget = z.infer<typeof PromoTarget>;

/** The most a promo's amount may take off, in so'm (a typo's guard, not a business rule). */
export const PROMO_MAX_AMOUNT = 100_000_000;
/** The largest limit of uses. */
export const PROMO_MAX_LIMIT = 10_000_000;

/** A code as customers type it: letters (any alphabet), digits, '-' and '_', 3 to 32 of them. */
export const PromoCode = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[\p{L}\p{N}_-]+$/u, 'letters, digits, - and _ only');

const Instant = z.iso.datetime({ offset: true });
const Limit = z.number().int().min(1).max(PROMO_MAX_LIMIT).nullable();

const PromoShape = z.strictObject({
  code: PromoCode,
  discountType: DiscountType,
  target: PromoTarget,
  /** So'm for AMOUNT (above 0), a percent for PERCENTAGE (1 to 100). */
  value: z.number().int().min(1),
  /** The first instant the code works; null: from now on. */
  startDate: Instant.nullable().default(null),
  /** The first instant it no longer works (exclusive); null: for ever. */
  endDate: Instant.nullable().default(null),
  /** The least the products must cost (after their own discounts) for the code to apply; 0: none. */
  minPrice: z.number().int().min(0).max(PROMO_MAX_AMOUNT).default(0),
  /** Orders one customer may hold with the code; null: no limit. */
  perCustomerLimit: Limit.default(null),
  /** Orders everyone together may hold with the code; null: no limit. */
  totalLimit: Limit.default(null),
  isActive: z.boolean().default(true),
  /** Listed for the brand's customers on the storefront's promo codes page while usable (issue 31); else it works only when typed. */
  isPublic: z.boolean().default(false),
});

/** The rules across fields, each naming the field at fault. */
function promoRules(p: z.output<typeof PromoShape>, ctx: z.RefinementCtx): void {
  if (p.discountType === 'PERCENTAGE' && p.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent is 1 to 100' });
  if (p.discountType === 'AMOUNT' && p.value > PROMO_MAX_AMOUNT)
    ctx.addIssue({ code: 'custom', path: ['value'], message: `an amount is at most ${PROMO_MAX_AMOUNT}` });
  if (p.startDate !== null && p.endDate !== null && Date.parse(p.startDate) >= Date.parse(p.endDate))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'the end must come after the start' });
  if (p.perCustomerLimit !== null && p.totalLimit !== null && p.perCustomerLimit > p.totalLimit)
    ctx.addIssue({ code: 'custom', path: ['perCustomerLimit'], message: 'at most the total limit' });
}

export const PromoInput = PromoShape.superRefine(promoRules);
export type PromoInput = z.input<typeof PromoInput>;
export const PromoUpdate = PromoShape.extend({ version: z.number().int().min(1) }).superRefine(promoRules);
export type PromoUpdate = z.input<typeof PromoUpdate>;

/** A promo as the back office reads it. */
export const AdminPromo = PromoShape.extend({
  id: z.uuid(),
  version: z.number().int(),
  value: z.number().int().min(0),
  code: z.string(),
  startDate: Instant.nullable(),
  endDate: Instant.nullable(),
  /** Orders holding the code now (placed with it and not cancelled): what the limits count. */
  used: z.number().int().min(0),
});
export type AdminPromo = z.infer<typeof AdminPromo>;
export const AdminPromoList = z.object({ content: z.array(AdminPromo) });

export const PromoListQuery = z.object({
  /** Part of the code, any letter case. */
  search: z.string().trim().max(32).optional(),
  /** Only the active (true) or the switched-off (false) ones. */
  active: z.enum(['true', 'false']).optional(),
});

/** What a DELETE did: `deleted` when no order names the promo, else `archived` (switched off, kept for its orders). */
export const PromoRemoved = z.object({ outcome: z.enum(['deleted', 'archived']), promo: AdminPromo });
export type PromoRemoved = z.infer<typeof PromoRemoved>;
