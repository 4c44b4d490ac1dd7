import type { OrderStatus, ServiceType } from './enums.ts';
import type { ArrivalEstimate } from './contracts/eta.ts';
import { DEFAULT_COOKING_MINUTES } from './ops-board.ts';
import { isDeliveryService } from './quote-rules.ts';

/*
 * When will it come (issue 29): one rule for the checkout's quote, the confirm page and the order's page. The kitchen
 * time is the cooking minutes the kitchen gave when it accepted, else the branch's usual preparation time; a delivery
 * adds the ride from the branch (or, once on the way, from where the courier is) at a city speed; a scheduled order
 * comes at its slot. Minutes are shown rounded to ETA_STEP_MINUTES, never in the past.
 */

/** The preparation time of a branch that has not set its own. */
export const DEFAULT_PREP_MINUTES = DEFAULT_COOKING_MINUTES;
/** The preparation time an owner may set for a branch, minutes (the back office's branch form). */
export const PREP_MINUTES_MIN = 1;
export const PREP_MINUTES_MAX = 240;
/** A courier's average speed in the city (scooter or car, with stops), km/h. */
export const COURIER_SPEED_KMH = 20;
/** Roads are longer than the straight line the distance is measured on. */
export const ROAD_FACTOR = 1.3;
/** Estimates are shown in steps of this many minutes. */
export const ETA_STEP_MINUTES = 5;

export interface EtaInput {
  now: Date;
  serviceType: ServiceType;
  /** The order's status; null before it is placed (the checkout's quote). */
  status: OrderStatus | null;
  /** The branch's usual preparation minutes. */
  prepMinutes: number;
  /** The cooking minutes the kitchen gave when accepting; they replace the branch's preparation time. */
  cookingTime?: number | null;
  /** When the branch accepted the order: the kitchen's minutes count from then. */
  acceptedAt?: Date | null;
  /** A scheduled order's time. */
  deliveryAt?: Date | null;
  /** From the branch to the address, in metres (straight line). */
  distanceMeters?: number | null;
  /** From the courier's last position to the address, in metres, once the order is on the way. */
  courierDistanceMeters?: number | null;
  speedKmh?: number;
}

const MINUTE = 60_000;
const STEP_MS = ETA_STEP_MINUTES * MINUTE;
const FINAL: readonly OrderStatus[] = ['DELIVERED', 'CLOSED', 'CANCELED'];
/** The kitchen's part is over: the order is ready, with a courier, or riding. */
const READY: readonly OrderStatus[] = ['DONE', 'ATTACHED', 'ON_WAY'];
const ACCEPTED: readonly OrderStatus[] = ['ACCEPTED', 'COOKING'];

const roundStep = (minutes: number) => Math.round(minutes / ETA_STEP_MINUTES) * ETA_STEP_MINUTES;
const ceilStepMs = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

/** Minutes a ride of `meters` (straight line) takes at `speedKmh` on the city's roads. */
export function rideMinutes(meters: number, speedKmh = COURIER_SPEED_KMH): number {
  return (meters * ROAD_FACTOR) / ((speedKmh * 1000) / 60);
}

/**
 * The arrival estimate of an order (or of a basket at checkout), or null when nothing is ahead to wait for: a
 * finished or cancelled order, a pickup already ready, a delivery without a known distance.
 */
export function estimateArrival(input: EtaInput): ArrivalEstimate | null {
  const { now, status } = input;
  const delivery = isDeliveryService(input.serviceType);
  if (status && FINAL.includes(status)) return null;
  if (!delivery && status && READY.includes(status)) return null;
  const riding = status === 'ON_WAY';

  if (input.deliveryAt && !riding) {
    const slot = input.deliveryAt.getTime();
    const overdue = slot < now.getTime();
    const minutes = overdue ? ETA_STEP_MINUTES : Math.ceil((slot - now.getTime()) / MINUTE);
    const at = overdue ? now.getTime() + STEP_MS : slot;
    return { kind: 'scheduled', minMinutes: minutes, maxMinutes: minutes, at: new Date(at).toISOString(), overdue };
  }

  // When the kitchen is done: counted from its acceptance with its own minutes, else from now with the branch's.
  let overdue = false;
  let ready = now.getTime();
  if (!status || !READY.includes(status)) {
    const cook = input.cookingTime ?? input.prepMinutes;
    const from = status && ACCEPTED.includes(status) && input.acceptedAt ? input.acceptedAt.getTime() : now.getTime();
    ready = from + cook * MINUTE;
    if (ready < now.getTime()) {
      overdue = true;
      ready = now.getTime();
    }
  }

  if (!delivery) {
    const at = Math.max(ceilStepMs(ready), now.getTime() + (overdue ? STEP_MS : 0));
    const minutes = Math.ceil((at - now.getTime()) / MINUTE);
    return { kind: 'pickup', minMinutes: minutes, maxMinutes: minutes, at: new Date(at).toISOString(), overdue };
  }

  const meters = riding ? (input.courierDistanceMeters ?? input.distanceMeters) : input.distanceMeters;
  if (meters == null) return null;
  const arrival = (ready - now.getTime()) / MINUTE + rideMinutes(meters, input.speedKmh);
  const minMinutes = Math.max(ETA_STEP_MINUTES, roundStep(arrival - ETA_STEP_MINUTES));
  const maxMinutes = Math.max(minMinutes + ETA_STEP_MINUTES, roundStep(arrival + ETA_STEP_MINUTES));
  return { kind: 'delivery', minMinutes, maxMinutes, at: new Date(now.getTime() + maxMinutes * MINUTE).toISOString(), overdue };
}
