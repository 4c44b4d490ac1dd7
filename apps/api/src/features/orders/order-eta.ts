import { DEFAULT_PREP_MINUTES, distanceMeters, estimateArrival, type ArrivalEstimate, type LatLng } from '@dasturxon/domain';
import type { OrderRecord } from './orders.repository.ts';

type Point = { latitude: number; longitude: number };
const at = (p: Point): LatLng => [p.latitude, p.longitude];

/**
 * An order's arrival estimate as of `now` (domain `estimateArrival`): the kitchen's cooking time once it gave one,
 * else the branch's preparation time; the ride from the branch to the address, or from the courier's last position
 * while the order is on the way. Read with the order, so every live event that makes the page read it again moves it.
 */
export function orderEta(
  order: Pick<OrderRecord, 'serviceType' | 'status' | 'cookingTime' | 'acceptedAt' | 'deliveryAt' | 'address'>,
  branch: (Point & { prepMinutes: number }) | undefined,
  courier: Point | undefined,
  now: Date,
): ArrivalEstimate | null {
  const address = order.address;
  return estimateArrival({
    now,
    serviceType: order.serviceType,
    status: order.status,
    prepMinutes: branch?.prepMinutes ?? DEFAULT_PREP_MINUTES,
    cookingTime: order.cookingTime,
    acceptedAt: order.acceptedAt,
    deliveryAt: order.deliveryAt,
    distanceMeters: address && branch ? distanceMeters(at(branch), at(address)) : null,
    courierDistanceMeters: address && courier ? distanceMeters(at(courier), at(address)) : null,
  });
}
