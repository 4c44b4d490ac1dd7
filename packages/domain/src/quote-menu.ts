import type { Branch } from './contracts/branches.ts';
import type { Product } from './contracts/catalogue.ts';
import type { QuotePromo, QuoteRequest } from './contracts/quote.ts';
import type { MerchantSettings } from './contracts/settings.ts';
import { pricedProductOfMenu } from './line.ts';
import {
  type FreshProduct,
  type QuoteBranch,
  type QuoteCatalogue,
  type QuoteOutcome,
  type QuoteProduct,
  type QuotePromoTerms,
  type QuoteServiceFee,
  quoteBasket,
} from './quote.ts';

/*
 * The storefront's side of the one quote: what the storefront has loaded (the menu, the branches, the
 * settings) as the quote's catalogue, priced by the same `quoteBasket` the server prices with. It gives
 * the numbers while the server's quote is on its way; the server's answer is the one that counts.
 */

/** What a quote needs of a menu product (the overalls contract). */
export type MenuQuoteProduct = Pick<
  Product,
  'id' | 'costPrice' | 'discount' | 'isAvailable' | 'deliveryEnabled' | 'modificationGroups' | 'productBranch' | 'count'
>;

/** A product of the menu as the quote's catalogue knows it. The menu lists active products only. */
export function quoteProductOfMenu(p: MenuQuoteProduct): QuoteProduct {
  return {
    ...pricedProductOfMenu(p),
    id: p.id,
    active: true,
    isAvailable: p.isAvailable,
    deliveryEnabled: p.deliveryEnabled,
    groups: p.modificationGroups.map((g) => ({ id: g.id, min: g.min, max: g.max })),
    branchEntries: new Map(p.productBranch.map((b) => [b.branchId, { isActive: b.isActive }])),
  };
}

/** A branch of the branches call as the quote's catalogue knows it. */
export function quoteBranchOf(
  b: Pick<
    Branch,
    'id' | 'cityId' | 'isActive' | 'settings' | 'workHours' | 'timeZone' | 'latitude' | 'longitude' | 'deliveryPrice' | 'deliveryMinAmount'
  >,
): QuoteBranch {
  return {
    id: b.id,
    cityId: b.cityId,
    isActive: b.isActive,
    settings: b.settings,
    hours: b.workHours,
    timeZone: b.timeZone,
    latitude: b.latitude,
    longitude: b.longitude,
    deliveryPrice: b.deliveryPrice,
    deliveryMinAmount: b.deliveryMinAmount,
  };
}

export interface MenuQuoteInput {
  /** The menu's products: prices, choices, switches and stock as the menu call answered them. */
  products: Iterable<MenuQuoteProduct>;
  /** The merchant's branches as the branches call answered them; without them no branch is judged. */
  branches?: readonly Parameters<typeof quoteBranchOf>[0][];
  settings: Pick<
    MerchantSettings,
    'deliveryActive' | 'pickupActive' | 'dineInActive' | 'shouldValidateDeliveryArea' | 'promoActive' | 'cashbackActive'
  >;
  /**
   * What the last server quote said about what the storefront cannot know itself: the promo it accepted
   * (its dates were judged there) and the service fee it charged (its rows and thresholds are the server's).
   */
  last?: { promo: QuotePromo | null; serviceFee: number } | null;
}

/** The last quote's service fee carried as a flat fee of the whole merchant (0 for none). */
function flatServiceFee(amount: number): QuoteServiceFee[] {
  if (amount <= 0) return [];
  return [
    { cityId: null, isServiceFeeEnabled: true, isServiceFeeFreeAboveThreshold: false, serviceFeeThreshold: 0, serviceFeeAmount: amount },
  ];
}

/** The promo the last quote accepted, as terms that pass the checks it already passed there. */
const acceptedPromo = (p: QuotePromo): QuotePromoTerms => ({ ...p, isActive: true, startDate: null, endDate: null });

/**
 * A quote priced on the storefront from what it has loaded, by `quoteBasket`. Delivery zones are not
 * known here, so an address is priced at its branch's delivery price; a promo code counts only when the
 * last server quote accepted it; no cashback is spent. Every other amount and problem is the server's rule.
 */
export function quoteFromMenu(input: MenuQuoteInput, request: QuoteRequest, now: Date): QuoteOutcome {
  const products = new Map<string, QuoteProduct>();
  const fresh = new Map<string, FreshProduct>();
  for (const p of input.products) {
    products.set(p.id, quoteProductOfMenu(p));
    fresh.set(p.id, { count: p.count, active: true, isAvailable: p.isAvailable });
  }
  const catalogue: QuoteCatalogue = {
    settings: input.settings,
    products,
    branches: new Map((input.branches ?? []).map((b) => [b.id, quoteBranchOf(b)])),
    zones: [],
    serviceFees: flatServiceFee(input.last?.serviceFee ?? 0),
  };
  const promo =
    input.last?.promo && request.promoCode && input.last.promo.code.toLowerCase() === request.promoCode.trim().toLowerCase()
      ? acceptedPromo(input.last.promo)
      : null;
  const { address: _address, ...withoutAddress } = request;
  return quoteBasket(catalogue, { products: fresh, promo, cashbackBalance: 0 }, { ...withoutAddress, cashback: 0 }, now);
}
