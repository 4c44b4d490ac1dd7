import { describe, expect, it } from 'vitest';
import { COURIER_SPEED_KMH, DEFAULT_PREP_MINUTES, estimateArrival, rideMinutes, ROAD_FACTOR, type EtaInput } from '../src/eta.ts';

const now = new Date('2026-11-28T08:03:00Z'); // 13:03 in Tashkent
const min = (m: number) => new Date(now.getTime() + m * 60_000);
const delivery = (extra: Partial<EtaInput> = {}): EtaInput => ({ now, serviceType: 'DELIVERY', status: null, prepMinutes: 20, ...extra });
const pickup = (extra: Partial<EtaInput> = {}): EtaInput => ({ now, serviceType: 'PICK_UP', status: null, prepMinutes: 20, ...extra });

describe('rideMinutes', () => {
  it('rides the straight line stretched to roads at the courier speed', () => {
    expect(rideMinutes(1000, 60)).toBeCloseTo(ROAD_FACTOR);
    expect(rideMinutes(5000)).toBeCloseTo((5000 * ROAD_FACTOR) / ((COURIER_SPEED_KMH * 1000) / 60));
  });
});

describe('estimateArrival: delivery', () => {
  it('adds the branch preparation time and the ride, as a ten-minute range rounded to 5', () => {
    // 20 min kitchen + 19.5 min ride (5 km) = 39.5 → "≈ 35–45 min"
    expect(estimateArrival(delivery({ distanceMeters: 5000 }))).toEqual({
      kind: 'delivery',
      minMinutes: 35,
      maxMinutes: 45,
      at: min(45).toISOString(),
      overdue: false,
    });
  });

  it('grows with the distance and with a slower speed', () => {
    const near = estimateArrival(delivery({ distanceMeters: 1000 }))!;
    const far = estimateArrival(delivery({ distanceMeters: 12_000 }))!;
    const slow = estimateArrival(delivery({ distanceMeters: 12_000, speedKmh: 10 }))!;
    expect(near.minMinutes).toBeLessThan(far.minMinutes);
    expect(far.maxMinutes).toBeLessThan(slow.maxMinutes);
    for (const e of [near, far, slow]) {
      expect(e.minMinutes % 5).toBe(0);
      expect(e.maxMinutes - e.minMinutes).toBe(10);
    }
  });

  it("takes the kitchen's cooking time over the branch's preparation time, counted from the acceptance", () => {
    const accepted = { status: 'ACCEPTED' as const, acceptedAt: min(-10), distanceMeters: 5000 };
    // 60 min cooking from 10 min ago: 50 left + 19.5 ride = 69.5 → 65–75
    expect(estimateArrival(delivery({ ...accepted, cookingTime: 60 }))).toMatchObject({ minMinutes: 65, maxMinutes: 75 });
    // No cooking time given: the branch's 20 from the acceptance, 10 left + 19.5 = 29.5 → 25–35
    expect(estimateArrival(delivery({ ...accepted, cookingTime: null }))).toMatchObject({ minMinutes: 25, maxMinutes: 35 });
  });

  it("counts from the courier's position once the order is on the way, the kitchen done", () => {
    // 2 km from the courier: 7.8 min → 5–15; from the branch (8 km) it would be longer
    const riding = estimateArrival(
      delivery({ status: 'ON_WAY', cookingTime: 60, acceptedAt: now, distanceMeters: 8000, courierDistanceMeters: 2000 }),
    );
    expect(riding).toMatchObject({ kind: 'delivery', minMinutes: 5, maxMinutes: 15, overdue: false });
    // A courier without a position yet: the ride from the branch
    expect(estimateArrival(delivery({ status: 'ON_WAY', distanceMeters: 8000 }))).toMatchObject({ minMinutes: 25, maxMinutes: 35 });
  });

  it('never shows a time past due: a late kitchen is overdue and the estimate starts from now', () => {
    const late = estimateArrival(delivery({ status: 'COOKING', cookingTime: 15, acceptedAt: min(-40), distanceMeters: 0 }))!;
    expect(late).toMatchObject({ overdue: true, minMinutes: 5, maxMinutes: 10 });
    expect(new Date(late.at).getTime()).toBeGreaterThan(now.getTime());
  });

  it('has nothing to say without a distance, nor for a finished order', () => {
    expect(estimateArrival(delivery())).toBeNull();
    for (const status of ['DELIVERED', 'CLOSED', 'CANCELED'] as const)
      expect(estimateArrival(delivery({ status, distanceMeters: 100 }))).toBeNull();
  });
});

describe('estimateArrival: pickup', () => {
  it('says when it is ready, rounded up to the next 5 minutes of the clock', () => {
    // 13:03 + 20 = 13:23 → ready at 13:25
    expect(estimateArrival(pickup())).toEqual({
      kind: 'pickup',
      minMinutes: 22,
      maxMinutes: 22,
      at: '2026-11-28T08:25:00.000Z',
      overdue: false,
    });
    expect(DEFAULT_PREP_MINUTES).toBeGreaterThan(0);
  });

  it("moves with the kitchen's cooking time", () => {
    expect(estimateArrival(pickup({ status: 'ACCEPTED', acceptedAt: now, cookingTime: 45 }))!.at).toBe('2026-11-28T08:50:00.000Z');
  });

  it('is overdue and a step ahead when the kitchen is late, and done once ready', () => {
    const late = estimateArrival(pickup({ status: 'COOKING', acceptedAt: min(-30), cookingTime: 10 }))!;
    expect(late.overdue).toBe(true);
    expect(new Date(late.at).getTime()).toBeGreaterThan(now.getTime());
    expect(estimateArrival(pickup({ status: 'DONE' }))).toBeNull();
  });
});

describe('estimateArrival: scheduled', () => {
  it('is the chosen slot, whatever the kitchen says, until the courier rides', () => {
    const slot = new Date('2026-11-28T13:30:00Z');
    expect(estimateArrival(delivery({ deliveryAt: slot, distanceMeters: 5000, status: 'AT_TIME' }))).toEqual({
      kind: 'scheduled',
      minMinutes: 327,
      maxMinutes: 327,
      at: slot.toISOString(),
      overdue: false,
    });
    expect(estimateArrival(pickup({ deliveryAt: slot, cookingTime: 90, status: 'COOKING', acceptedAt: now }))!.kind).toBe('scheduled');
    expect(estimateArrival(delivery({ deliveryAt: slot, status: 'ON_WAY', distanceMeters: 1000 }))!.kind).toBe('delivery');
  });

  it('is overdue once the slot has passed', () => {
    expect(estimateArrival(delivery({ deliveryAt: min(-5), distanceMeters: 1000, status: 'COOKING' }))).toMatchObject({
      overdue: true,
      minMinutes: 5,
    });
  });
});
