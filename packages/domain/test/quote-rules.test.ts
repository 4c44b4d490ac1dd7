import { describe, expect, it } from 'vitest';
import type { ServiceType } from '../src/enums.ts';
import type { LatLng } from '../src/geo.ts';
import type { WorkDay, WorkHours } from '../src/contracts/hours.ts';
import { sum } from '../src/money.ts';
import {
  type BranchForQuote,
  branchOffers,
  checkBranchOpen,
  checkMerchantOffers,
  orderServiceType,
  checkDeliveryMinAmount,
  checkProductAvailability,
  hoursTypeFor,
  isDeliveryService,
  promoProblem,
  quoteDelivery,
  serviceFeeSettingsFor,
  serviceHours,
  type ZoneForQuote,
} from '../src/quote-rules.ts';
import { isSoldAtBranch } from '../src/menu.ts';

const ALL: ServiceType[] = ['DELIVERY', 'PICK_UP', 'DINE_IN', 'YANDEX_EATS', 'EXPRESS_24'];

const square = (lat: number, lng: number, size: number): LatLng[] => [
  [lat, lng],
  [lat, lng + size],
  [lat + size, lng + size],
  [lat + size, lng],
];

describe('isDeliveryService', () => {
  it('delivers everything except pickup and dine-in', () => {
    expect(ALL.filter(isDeliveryService)).toEqual(['DELIVERY', 'YANDEX_EATS', 'EXPRESS_24']);
  });
});

describe('quoteDelivery', () => {
  // A centre of priority 10 inside a city-wide ring of priority 1 (2 000 a started km from 3 km, free from 200 000),
  // and a zone to the east with its own branch. Squares of 0.1 degree are about 11 km high.
  const tariff = { bands: [], freeAbove: null, minOrderAmount: 0 };
  const centre: ZoneForQuote = {
    id: 'b-centre',
    priority: 10,
    area: [{ outer: square(41.3, 69.2, 0.1), holes: [] }],
    price: 10_000,
    branchId: null,
    ...tariff,
  };
  const ring: ZoneForQuote = {
    id: 'a-ring',
    priority: 1,
    area: [{ outer: square(41.2, 69.1, 0.3), holes: [] }],
    price: 15_000,
    branchId: null,
    bands: [{ fromKm: 3, pricePerKm: 2000 }],
    freeAbove: 200_000,
    minOrderAmount: 80_000,
  };
  const east: ZoneForQuote = {
    id: 'c-east',
    priority: 10,
    area: [{ outer: square(41.3, 70, 0.1), holes: [] }],
    price: 20_000,
    branchId: 'east-branch',
    ...tariff,
  };
  const branch = { id: 'main', latitude: 41.35, longitude: 69.25, deliveryPrice: 12_000 };
  const eastBranch = { id: 'east-branch', latitude: 41.35, longitude: 70.05, deliveryPrice: 9_000 };
  const base = {
    zones: [ring, centre, east],
    branch,
    branches: new Map([[eastBranch.id, eastBranch]]),
    productAmount: 60_000,
    validateArea: true,
  };

  it('prices a delivery by the tariff of the zone of highest priority holding the address', () => {
    expect(quoteDelivery({ ...base, serviceType: 'DELIVERY', point: [41.35, 69.25] })).toEqual({
      price: 10_000,
      zoneId: 'b-centre',
      minOrderAmount: null,
      distanceMeters: 0,
      problem: null,
    });
    expect(quoteDelivery({ ...base, serviceType: 'YANDEX_EATS', point: [41.35, 70.05] }).price).toBe(20_000);
  });

  it('refuses ADDRESS_NOT_AVAILABLE where the chosen branch is of another city than the zone holding the address', () => {
    const inTashkent = { ...branch, cityId: 'tashkent' };
    const east = (cityId: string) => ({ ...base, branches: new Map([[eastBranch.id, { ...eastBranch, cityId }]]) });
    const far = quoteDelivery({ ...east('samarkand'), branch: inTashkent, serviceType: 'DELIVERY', point: [41.35, 70.05] });
    expect(far.problem).toMatchObject({ code: 'ADDRESS_NOT_AVAILABLE', details: { branchId: 'main', zoneBranchId: 'east-branch' } });
    // A branch of the same city delivers there at the zone's tariff; so does any branch where the cities are not known.
    expect(quoteDelivery({ ...east('tashkent'), branch: inTashkent, serviceType: 'DELIVERY', point: [41.35, 70.05] })).toMatchObject({
      price: 20_000,
      problem: null,
    });
    expect(quoteDelivery({ ...base, branch: inTashkent, serviceType: 'DELIVERY', point: [41.35, 70.05] }).problem).toBeNull();
  });

  it('adds the distance bands from the chosen branch, and delivers free from the threshold', () => {
    // About 11 km north of the branch, in the ring only: 15 000 + 8 started km beyond 3 km × 2 000.
    const far = quoteDelivery({ ...base, serviceType: 'DELIVERY', point: [41.45, 69.25] });
    expect(far.zoneId).toBe('a-ring');
    expect(far.distanceMeters).toBeGreaterThan(11_000);
    expect(far.distanceMeters).toBeLessThan(11_200);
    expect(far.price).toBe(15_000 + 9 * 2000);
    expect(far.minOrderAmount).toBe(80_000);
    expect(quoteDelivery({ ...base, productAmount: 200_000, serviceType: 'DELIVERY', point: [41.45, 69.25] }).price).toBe(0);
  });

  it("measures from the zone's own branch when none is chosen, and never below the minimal delivery price", () => {
    const fromZoneBranch = quoteDelivery({ ...base, branch: null, serviceType: 'DELIVERY', point: [41.35, 70.05] });
    expect(fromZoneBranch).toMatchObject({ zoneId: 'c-east', distanceMeters: 0, price: 20_000 });
    expect(quoteDelivery({ ...base, minimalDeliveryPrice: 25_000, serviceType: 'DELIVERY', point: [41.35, 69.25] }).price).toBe(25_000);
  });

  it("reports OUT_OF_SERVICE_ZONE outside every zone when the area is validated, pricing at the branch's price", () => {
    expect(quoteDelivery({ ...base, serviceType: 'DELIVERY', point: [40, 60] })).toEqual({
      price: 12_000,
      zoneId: null,
      minOrderAmount: null,
      distanceMeters: null,
      problem: { code: 'OUT_OF_SERVICE_ZONE', details: { latitude: 40, longitude: 60 } },
    });
  });

  it("takes the branch's price without a problem when the area is not validated", () => {
    expect(quoteDelivery({ ...base, validateArea: false, serviceType: 'DELIVERY', point: [40, 60] })).toMatchObject({
      price: 12_000,
      zoneId: null,
      problem: null,
    });
  });

  it("takes the branch's price without an address, and 0 without a branch either", () => {
    expect(quoteDelivery({ ...base, serviceType: 'DELIVERY' })).toMatchObject({ price: 12_000, zoneId: null, problem: null });
    expect(quoteDelivery({ ...base, branch: null, serviceType: 'DELIVERY', point: null })).toMatchObject({
      price: 0,
      zoneId: null,
      problem: null,
    });
    expect(quoteDelivery({ ...base, branch: null, validateArea: false, serviceType: 'DELIVERY', point: [40, 60] }).price).toBe(0);
  });

  it('prices nothing and judges no zone for pickup and dine-in', () => {
    for (const serviceType of ['PICK_UP', 'DINE_IN'] as const) {
      expect(quoteDelivery({ ...base, serviceType, point: [40, 60] })).toMatchObject({ price: 0, zoneId: null, problem: null });
    }
  });
});

describe('checkDeliveryMinAmount', () => {
  const s = sum;
  it('reports the minimum when a delivered basket is below it', () => {
    expect(checkDeliveryMinAmount('DELIVERY', s(49_999), s(50_000), 1)).toEqual({
      code: 'DELIVERY_MIN_AMOUNT',
      details: { minAmount: 50_000 },
    });
    expect(checkDeliveryMinAmount('EXPRESS_24', s(0), s(1), 3)?.code).toBe('DELIVERY_MIN_AMOUNT');
  });
  it('is satisfied at the minimum exactly', () => {
    expect(checkDeliveryMinAmount('DELIVERY', s(50_000), s(50_000), 1)).toBeNull();
  });
  it('does not apply to pickup, dine-in, a zero minimum or an empty basket', () => {
    expect(checkDeliveryMinAmount('PICK_UP', s(1), s(50_000), 1)).toBeNull();
    expect(checkDeliveryMinAmount('DINE_IN', s(1), s(50_000), 1)).toBeNull();
    expect(checkDeliveryMinAmount('DELIVERY', s(0), s(0), 1)).toBeNull();
    expect(checkDeliveryMinAmount('DELIVERY', s(0), s(50_000), 0)).toBeNull();
  });
});

describe('product availability', () => {
  const product = { id: 'p', active: true, isAvailable: true, deliveryEnabled: true };

  it('sells a product with no branch entry, or an active one, and not with an inactive one', () => {
    expect(isSoldAtBranch(undefined)).toBe(true);
    expect(isSoldAtBranch(null)).toBe(true);
    expect(isSoldAtBranch({ isActive: true })).toBe(true);
    expect(isSoldAtBranch({ isActive: false })).toBe(false);
  });

  it('passes an available product', () => {
    for (const serviceType of ALL) expect(checkProductAvailability(product, { serviceType })).toBeNull();
    expect(checkProductAvailability(product, { serviceType: 'DELIVERY', branchEntry: { isActive: true } })).toBeNull();
  });

  it('names the reason, the most basic first', () => {
    const reason = (p: Partial<typeof product>, serviceType: ServiceType = 'DELIVERY', branchEntry?: { isActive: boolean }) =>
      checkProductAvailability({ ...product, ...p }, { serviceType, branchEntry })?.details?.reason;
    expect(reason({ active: false, isAvailable: false })).toBe('INACTIVE');
    expect(reason({ isAvailable: false }, 'DELIVERY', { isActive: false })).toBe('SOLD_OUT');
    expect(reason({}, 'PICK_UP', { isActive: false })).toBe('NOT_AT_BRANCH');
    expect(reason({ deliveryEnabled: false })).toBe('NO_DELIVERY');
    expect(reason({ deliveryEnabled: false }, 'PICK_UP')).toBeUndefined();
    expect(checkProductAvailability({ ...product, active: false }, { serviceType: 'PICK_UP' })).toEqual({
      code: 'PRODUCT_NOT_AVAILABLE',
      productId: 'p',
      details: { reason: 'INACTIVE' },
    });
  });
});

describe('branch hours and services', () => {
  const day = (weekName: WorkDay['weekName'], open: string, close: string, extra: Partial<WorkDay> = {}): WorkDay => ({
    weekName,
    open,
    close,
    extraOpen: null,
    extraClose: null,
    isDayOff: false,
    ...extra,
  });
  const week = (open: string, close: string) =>
    (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const).map((w) => day(w, open, close));
  const settings = { deliveryEnabled: true, pickupEnabled: true, dineinEnabled: true };
  const branch = (hours: WorkHours[], extra: Partial<BranchForQuote> = {}): BranchForQuote => ({
    id: 'br',
    isActive: true,
    settings,
    hours,
    timeZone: 'Asia/Tashkent',
    ...extra,
  });
  // Wednesday 2025-06-11 at 12:00 and 23:30 in Tashkent (UTC+5).
  const noon = new Date('2025-06-11T07:00:00Z');
  const lateEvening = new Date('2025-06-11T18:30:00Z');

  it('maps service types to hours types', () => {
    expect(ALL.map(hoursTypeFor)).toEqual(['DELIVERY', 'PICK_UP', 'DINE_IN', 'DELIVERY', 'DELIVERY']);
  });

  it("reads the branch's service flags", () => {
    expect(ALL.map((t) => branchOffers({ deliveryEnabled: false, pickupEnabled: true, dineinEnabled: false }, t))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it("uses the service type's own hours, else the pickup hours, else none", () => {
    const pickup = week('10:00', '22:00');
    const delivery = week('11:00', '23:00');
    const both: WorkHours[] = [
      { type: 'PICK_UP', days: pickup },
      { type: 'DELIVERY', days: delivery },
    ];
    expect(serviceHours(both, 'DELIVERY')).toBe(delivery);
    expect(serviceHours(both, 'PICK_UP')).toBe(pickup);
    expect(serviceHours(both, 'DINE_IN')).toBe(pickup);
    expect(serviceHours([], 'DELIVERY')).toEqual([]);
  });

  it('is open within the hours of the service type', () => {
    const hours: WorkHours[] = [
      { type: 'PICK_UP', days: week('10:00', '22:00') },
      { type: 'DELIVERY', days: week('11:00', '23:59') },
    ];
    expect(checkBranchOpen(branch(hours), 'PICK_UP', noon)).toBeNull();
    expect(checkBranchOpen(branch(hours), 'DELIVERY', lateEvening)).toBeNull();
    expect(checkBranchOpen(branch(hours), 'PICK_UP', lateEvening)).toEqual({
      code: 'BRANCH_CLOSED',
      details: { branchId: 'br', serviceType: 'PICK_UP', reason: 'HOURS' },
    });
  });

  it('is closed on a day off and with no hours at all', () => {
    const offToday = week('10:00', '22:00').map((d) => (d.weekName === 'WEDNESDAY' ? { ...d, isDayOff: true } : d));
    expect(checkBranchOpen(branch([{ type: 'PICK_UP', days: offToday }]), 'PICK_UP', noon)?.details?.reason).toBe('HOURS');
    expect(checkBranchOpen(branch([]), 'DELIVERY', noon)?.details?.reason).toBe('HOURS');
  });

  it('judges in the city time zone', () => {
    // 12:00 UTC is 17:00 in Tashkent, past a 16:00 close, and 15:00 in Moscow, before it.
    const hours: WorkHours[] = [{ type: 'PICK_UP', days: week('09:00', '16:00') }];
    const at = new Date('2025-06-11T12:00:00Z');
    expect(checkBranchOpen(branch(hours), 'PICK_UP', at)?.code).toBe('BRANCH_CLOSED');
    expect(checkBranchOpen(branch(hours, { timeZone: 'Europe/Moscow' }), 'PICK_UP', at)).toBeNull();
  });

  it('is closed when switched off or when the service is not offered, before looking at the hours', () => {
    const hours: WorkHours[] = [{ type: 'PICK_UP', days: week('00:00', '00:00') }];
    expect(checkBranchOpen(branch(hours, { isActive: false }), 'PICK_UP', noon)?.details?.reason).toBe('INACTIVE');
    expect(checkBranchOpen(branch(hours, { settings: { ...settings, pickupEnabled: false } }), 'PICK_UP', noon)?.details?.reason).toBe(
      'SERVICE_DISABLED',
    );
    expect(checkBranchOpen(branch(hours, { settings: { ...settings, deliveryEnabled: false } }), 'EXPRESS_24', noon)?.details?.reason).toBe(
      'SERVICE_DISABLED',
    );
    expect(checkBranchOpen(branch(hours), 'DELIVERY', noon)).toBeNull();
  });
});

describe('serviceFeeSettingsFor', () => {
  const row = (cityId: string | null, amount: number) => ({
    cityId,
    isServiceFeeEnabled: true,
    isServiceFeeFreeAboveThreshold: false,
    serviceFeeThreshold: sum(0),
    serviceFeeAmount: sum(amount),
  });
  const wide = row(null, 3000);
  const city = row('city-1', 5000);

  it("prefers the city's row, then the merchant-wide row, then none", () => {
    expect(serviceFeeSettingsFor([wide, city], 'city-1')).toBe(city);
    expect(serviceFeeSettingsFor([wide, city], 'city-2')).toBe(wide);
    expect(serviceFeeSettingsFor([wide, city], null)).toBe(wide);
    expect(serviceFeeSettingsFor([city], null)).toBeNull();
    expect(serviceFeeSettingsFor([], 'city-1')).toBeNull();
  });
});

describe('promoProblem', () => {
  it('gives the minimum with PROMO_MIN_PRICE and nothing else with the other codes', () => {
    expect(promoProblem('PROMO_MIN_PRICE', { minPrice: sum(100_000) })).toEqual({
      code: 'PROMO_MIN_PRICE',
      details: { minPrice: 100_000 },
    });
    expect(promoProblem('PROMO_EXPIRED', { minPrice: sum(100_000) })).toEqual({ code: 'PROMO_EXPIRED' });
    expect(promoProblem('PROMO_NOT_FOUND')).toEqual({ code: 'PROMO_NOT_FOUND' });
  });
});

describe('checkMerchantOffers', () => {
  const settings = { deliveryActive: false, pickupActive: true, dineInActive: false };
  it('refuses a service type the merchant switched off, and lets the others through', () => {
    expect(checkMerchantOffers(settings, 'PICK_UP')).toBeNull();
    expect(checkMerchantOffers(settings, 'DELIVERY')).toEqual({ code: 'SERVICE_NOT_AVAILABLE', details: { serviceType: 'DELIVERY' } });
    expect(checkMerchantOffers(settings, 'DINE_IN')?.code).toBe('SERVICE_NOT_AVAILABLE');
    expect(checkMerchantOffers({ ...settings, deliveryActive: true }, 'EXPRESS_24')).toBeNull();
  });
});

describe('the service type of an order', () => {
  const all = { deliveryActive: true, pickupActive: true, dineInActive: true };
  it('is delivery when offered, else pickup, else dine-in', () => {
    expect(orderServiceType(all)).toBe('DELIVERY');
    expect(orderServiceType({ ...all, deliveryActive: false })).toBe('PICK_UP');
    expect(orderServiceType({ deliveryActive: false, pickupActive: false, dineInActive: true })).toBe('DINE_IN');
    expect(orderServiceType({ deliveryActive: false, pickupActive: false, dineInActive: false })).toBe('DELIVERY');
  });
  it("is the customer's choice only while the merchant offers it", () => {
    expect(orderServiceType(all, 'PICK_UP')).toBe('PICK_UP');
    expect(orderServiceType({ ...all, pickupActive: false }, 'PICK_UP')).toBe('DELIVERY');
    expect(orderServiceType({ ...all, deliveryActive: false, pickupActive: false }, 'PICK_UP')).toBe('DINE_IN');
    expect(orderServiceType(all, null)).toBe('DELIVERY');
  });
});
