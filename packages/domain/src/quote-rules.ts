import { SERVICE_TYPES, type ServiceType, type WorkHoursType } from './enums.ts';
import type { ErrorCode } from './errors.ts';
import { type DeliveryTariff, tariffPrice, type ZoneForPoint, zoneAtPoint } from './delivery.ts';
import { distanceMeters, type LatLng } from './geo.ts';
import type { WorkDay, WorkHours } from './contracts/hours.ts';
import { hoursOfType, isOpenAt, type SpecialDayRule } from './hours.ts';
import { sum, type Sum } from './money.ts';
import { isSoldAtBranch } from './menu.ts';
import type { LineProblem } from './pricing.ts';

/*
 * The rules of a quote that are not arithmetic: which zone and price a delivery address gets, whether
 * a product can be sold, whether a branch takes orders now, the delivery minimum. The server applies
 * them to what it reads from the database; the storefront's basket applies the same ones to what it
 * has loaded, so both say the same thing.
 */

/**
 * True when the service type brings the order to an address (DELIVERY, YANDEX_EATS, EXPRESS_24);
 * PICK_UP and DINE_IN are collected at the branch. Same split as `deliveryPriceOf`.
 */
export function isDeliveryService(serviceType: ServiceType): boolean {
  return serviceType !== 'PICK_UP' && serviceType !== 'DINE_IN';
}

/** The service types `isDeliveryService` answers true for, as a list (for a query's filter). */
export const DELIVERY_SERVICE_TYPES: readonly ServiceType[] = SERVICE_TYPES.filter(isDeliveryService);

/** A delivery zone as the quote needs it: where it lies (`zoneAtPoint`), the branch that serves it and its tariff. */
export interface ZoneForQuote extends ZoneForPoint, DeliveryTariff {
  branchId: string | null;
}

/** A branch as the delivery price needs it: its flat price without an address, and where distances start. */
export interface BranchForDelivery {
  id: string;
  latitude: number;
  longitude: number;
  deliveryPrice: number;
  /** Its city, where known: a branch does not deliver to a zone of another city's branch (ADDRESS_NOT_AVAILABLE). */
  cityId?: string;
}

export interface DeliveryQuoteInput {
  serviceType: ServiceType;
  /** Where to deliver; without it there is no zone to find and the branch's price stands. */
  point?: LatLng | null;
  /** Every delivery zone of the merchant. */
  zones: readonly ZoneForQuote[];
  /** The chosen branch, or null without one. */
  branch: BranchForDelivery | null;
  /** The merchant's branches by id: a zone's own branch is where its distance starts when none is chosen. */
  branches?: ReadonlyMap<string, BranchForDelivery>;
  /** The products' worth after their own discounts, before a promo: the tariff's free-above is judged on it. */
  productAmount: number;
  /** The service fee settings' least delivery price (0 without). */
  minimalDeliveryPrice?: number;
  /** The merchant's shouldValidateDeliveryArea setting. */
  validateArea: boolean;
}

export interface DeliveryQuote {
  /** The tariff before `deliveryPriceOf` zeroes it for pickup, dine-in or an empty basket. */
  price: Sum;
  zoneId: string | null;
  /** The zone's least product amount for delivery, when the address lies in a zone that sets one. */
  minOrderAmount: number | null;
  /** From the branch that serves the address, in metres; null without an address in a zone. */
  distanceMeters: number | null;
  /**
   * OUT_OF_SERVICE_ZONE when the address must lie in a zone and lies in none; ADDRESS_NOT_AVAILABLE when a branch was
   * chosen and the address lies in a zone of a branch of another city (the chosen one does not deliver there: contact
   * it). A chosen branch does deliver to a zone of another branch of its own city, at that zone's tariff.
   */
  problem: LineProblem | null;
}

/**
 * The delivery price of an order and whether its address may be served. Applies to delivered
 * service types only (see `isDeliveryService`); others get 0 and no problem. With an address in a zone
 * (`zoneAtPoint`: the highest priority where zones overlap), the zone's tariff (`tariffPrice`) for the
 * great-circle distance from the chosen branch, else from the zone's own branch (none: the base price);
 * without an address, the chosen branch's flat deliveryPrice, else 0. OUT_OF_SERVICE_ZONE is reported
 * when the merchant validates the delivery area (shouldValidateDeliveryArea) and an address is given
 * outside every zone, priced at the branch's flat price; a missing address is not judged here.
 */
export function quoteDelivery(input: DeliveryQuoteInput): DeliveryQuote {
  const none = { zoneId: null, minOrderAmount: null, distanceMeters: null, problem: null };
  if (!isDeliveryService(input.serviceType)) return { price: sum(0), ...none };
  const flat = sum(input.branch?.deliveryPrice ?? 0);
  if (!input.point) return { price: flat, ...none };
  const zone = zoneAtPoint(input.zones, input.point);
  if (!zone) {
    const problem: LineProblem | null = input.validateArea
      ? { code: 'OUT_OF_SERVICE_ZONE', details: { latitude: input.point[0], longitude: input.point[1] } }
      : null;
    return { price: flat, ...none, problem };
  }
  // The customer chose a branch, and the address lies in the zone of a branch of another city: the chosen branch does not
  // deliver there (within one city it does, at the zone's tariff, as it always has).
  const zoneBranch = zone.branchId ? input.branches?.get(zone.branchId) : undefined;
  if (input.branch?.cityId && zoneBranch?.cityId && zone.branchId !== input.branch.id && zoneBranch.cityId !== input.branch.cityId) {
    const problem: LineProblem = {
      code: 'ADDRESS_NOT_AVAILABLE',
      details: { branchId: input.branch.id, zoneBranchId: zone.branchId, latitude: input.point[0], longitude: input.point[1] },
    };
    return { price: flat, ...none, problem };
  }
  const from = input.branch ?? (zone.branchId ? input.branches?.get(zone.branchId) : undefined) ?? null;
  const distance = from ? Math.round(distanceMeters([from.latitude, from.longitude], input.point)) : null;
  const price = tariffPrice(zone, {
    distanceMeters: distance ?? 0,
    productAmount: input.productAmount,
    minimalDeliveryPrice: input.minimalDeliveryPrice ?? 0,
  });
  return {
    price,
    zoneId: zone.id,
    minOrderAmount: zone.minOrderAmount > 0 ? zone.minOrderAmount : null,
    distanceMeters: distance,
    problem: null,
  };
}

/**
 * DELIVERY_MIN_AMOUNT {minAmount} when a delivered order's products, after their own discounts and
 * before any promo (productPrice − productDiscount), cost less than the branch's deliveryMinAmount.
 * Not judged for pickup or dine-in, for a minimum of 0, or for an empty basket (an empty basket
 * cannot be ordered at all, and "add more for delivery" is not what it needs to hear).
 */
export function checkDeliveryMinAmount(
  serviceType: ServiceType,
  productAmount: Sum,
  minAmount: Sum,
  productCount: number,
): LineProblem | null {
  if (!isDeliveryService(serviceType) || productCount === 0 || minAmount <= 0) return null;
  return productAmount < minAmount ? { code: 'DELIVERY_MIN_AMOUNT', details: { minAmount } } : null;
}

/** What `checkProductAvailability` needs of a product. */
export interface ProductAvailability {
  id: string;
  /** Switched on by the merchant at all. */
  active: boolean;
  /** Not sold out for the day. */
  isAvailable: boolean;
  /** May be delivered (some products are for the hall or the counter only). */
  deliveryEnabled: boolean;
}

/**
 * PRODUCT_NOT_AVAILABLE {reason} when the product cannot be ordered: switched off (INACTIVE),
 * sold out (SOLD_OUT), not sold at the chosen branch (NOT_AT_BRANCH), or not delivered while the
 * order is delivered (NO_DELIVERY). Stock counts are `checkStock`'s business.
 * `branchEntry` is the product's entry for the chosen branch; pass undefined without a branch.
 */
export function checkProductAvailability(
  product: ProductAvailability,
  context: { serviceType: ServiceType; branchEntry?: { isActive: boolean } | null },
): LineProblem | null {
  const reason = !product.active
    ? 'INACTIVE'
    : !product.isAvailable
      ? 'SOLD_OUT'
      : !isSoldAtBranch(context.branchEntry)
        ? 'NOT_AT_BRANCH'
        : isDeliveryService(context.serviceType) && !product.deliveryEnabled
          ? 'NO_DELIVERY'
          : null;
  return reason ? { code: 'PRODUCT_NOT_AVAILABLE', productId: product.id, details: { reason } } : null;
}

/** The hours that govern a service type: delivered services keep the delivery hours. */
export function hoursTypeFor(serviceType: ServiceType): WorkHoursType {
  if (serviceType === 'PICK_UP') return 'PICK_UP';
  if (serviceType === 'DINE_IN') return 'DINE_IN';
  return 'DELIVERY';
}

/** The service flags of a branch's settings (docs/spec-index.md section 3, Branch). */
export interface BranchServiceSettings {
  deliveryEnabled: boolean;
  pickupEnabled: boolean;
  dineinEnabled: boolean;
}

/** The merchant-wide switches of the service types (settings deliveryActive, pickupActive, dineInActive). */
export interface MerchantServiceSettings {
  deliveryActive: boolean;
  pickupActive: boolean;
  dineInActive: boolean;
}

/**
 * SERVICE_NOT_AVAILABLE when the merchant has switched the service type off for its storefront;
 * the aggregator and express types ride on delivery.
 */
export function checkMerchantOffers(settings: MerchantServiceSettings, serviceType: ServiceType): LineProblem | null {
  const on =
    serviceType === 'PICK_UP' ? settings.pickupActive : serviceType === 'DINE_IN' ? settings.dineInActive : settings.deliveryActive;
  return on ? null : { code: 'SERVICE_NOT_AVAILABLE', details: { serviceType } };
}

/**
 * The service type an order is for: the customer's choice when the merchant offers it, else the first the
 * merchant offers of delivery, pickup and dine-in (delivery when it offers none, so the quote says why).
 */
export function orderServiceType(settings: MerchantServiceSettings, chosen?: ServiceType | null): ServiceType {
  if (chosen && !checkMerchantOffers(settings, chosen)) return chosen;
  if (settings.deliveryActive) return 'DELIVERY';
  if (settings.pickupActive) return 'PICK_UP';
  if (settings.dineInActive) return 'DINE_IN';
  return 'DELIVERY';
}

/** True when the branch's settings offer the service type at all. */
export function branchOffers(settings: BranchServiceSettings, serviceType: ServiceType): boolean {
  if (serviceType === 'PICK_UP') return settings.pickupEnabled;
  if (serviceType === 'DINE_IN') return settings.dineinEnabled;
  return settings.deliveryEnabled;
}

/**
 * The days that say when a branch takes a service type: its hours of that type (`hoursTypeFor`);
 * a branch that keeps no hours of that type at all is governed by its PICK_UP hours, the hours the
 * branch list shows. A branch with no hours whatever is closed.
 */
export function serviceHours(hours: readonly WorkHours[], serviceType: ServiceType): WorkDay[] {
  const own = hoursOfType(hours, hoursTypeFor(serviceType));
  return own.length > 0 ? own : hoursOfType(hours, 'PICK_UP');
}

export interface BranchForQuote {
  id: string;
  isActive: boolean;
  settings: BranchServiceSettings;
  hours: readonly WorkHours[];
  /** The branch's special days (holidays, short days: hours.ts `SpecialDayRule`); absent: none. */
  specialDays?: readonly SpecialDayRule[];
  /** The IANA time zone of the branch's city. */
  timeZone: string;
  /** Delivery from the branch is paused by its staff until then (the stop-list); null or absent when it is not. */
  deliveryPausedUntil?: Date | string | null;
}

/** True while the branch's staff have delivery paused at `at`. */
export function isDeliveryPaused(branch: Pick<BranchForQuote, 'deliveryPausedUntil'>, at: Date): boolean {
  return branch.deliveryPausedUntil != null && new Date(branch.deliveryPausedUntil).getTime() > at.getTime();
}

/**
 * BRANCH_CLOSED {branchId, serviceType, reason} when the branch does not take this order now:
 * switched off (INACTIVE), not offering the service type in its settings (SERVICE_DISABLED), or
 * outside its hours for the service type at `now` in its city's time zone (HOURS; see
 * `serviceHours` and `isOpenAt`, which keep a branch open past midnight and closed on a day off), or, for
 * a delivered order, delivery paused by the branch's staff at `now` (PAUSED).
 */
export function checkBranchOpen(branch: BranchForQuote, serviceType: ServiceType, now: Date): LineProblem | null {
  const reason = !branch.isActive
    ? 'INACTIVE'
    : !branchOffers(branch.settings, serviceType)
      ? 'SERVICE_DISABLED'
      : !isOpenAt(serviceHours(branch.hours, serviceType), now, branch.timeZone, branch.specialDays)
        ? 'HOURS'
        : isDeliveryService(serviceType) && isDeliveryPaused(branch, now)
          ? 'PAUSED'
          : null;
  return reason ? { code: 'BRANCH_CLOSED', details: { branchId: branch.id, serviceType, reason } } : null;
}

/** A service fee settings row (see `PricingServiceFee`) with its city: the merchant-wide one has cityId null here. */
export interface ServiceFeeRow {
  cityId: string | null;
}

/**
 * The service fee settings that apply to an order: the row of the branch's city when the merchant
 * keeps one, else the merchant-wide row (cityId null), else none (no fee).
 */
export function serviceFeeSettingsFor<R extends ServiceFeeRow>(rows: readonly R[], cityId: string | null): R | null {
  return (cityId !== null ? rows.find((r) => r.cityId === cityId) : undefined) ?? rows.find((r) => r.cityId === null) ?? null;
}

/** The promo codes a quote reports instead of applying the promo (PROMO_CODE_TAKEN is the back office's, not a quote's). */
export type PromoProblemCode = Exclude<Extract<ErrorCode, `PROMO_${string}`>, 'PROMO_CODE_TAKEN'>;

/**
 * An unusable promo as a quote problem: the code, and what the storefront shows with it: for PROMO_MIN_PRICE the
 * minimum the products must reach (details.minPrice), for PROMO_LIMIT_REACHED and PROMO_CUSTOMER_LIMIT the limit.
 */
export function promoProblem(
  code: PromoProblemCode,
  promo?: { minPrice: Sum; totalLimit?: number | null; perCustomerLimit?: number | null } | null,
): LineProblem {
  if (code === 'PROMO_MIN_PRICE' && promo) return { code, details: { minPrice: promo.minPrice } };
  if (code === 'PROMO_LIMIT_REACHED' && promo?.totalLimit != null) return { code, details: { limit: promo.totalLimit } };
  if (code === 'PROMO_CUSTOMER_LIMIT' && promo?.perCustomerLimit != null) return { code, details: { limit: promo.perCustomerLimit } };
  return { code };
}

/**
 * PRODUCT_OVERPRICED {shownTotal, totalPrice} when the order would cost more than the total the customer was shown
 * and agreed to (the order request's `shownTotal`, the storefront's last quote): a price went up meanwhile, and the
 * customer is never charged more than they saw. A lower price goes through; without a shown total nothing is judged.
 */
export function checkShownTotal(shownTotal: unknown, totalPrice: number): LineProblem | null {
  if (typeof shownTotal !== 'number' || !Number.isFinite(shownTotal)) return null;
  return totalPrice > shownTotal ? { code: 'PRODUCT_OVERPRICED', details: { shownTotal, totalPrice } } : null;
}
