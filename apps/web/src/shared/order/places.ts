import { isSameAddress, type AddressRequest } from '@dasturxon/domain';
import type { PlacedAddress } from './order-choice.ts';

/** What the API takes to save an address: only the request's fields (it refuses any other, such as a guest's `local-` id). */
export function requestOf(a: AddressRequest): AddressRequest {
  return {
    type: a.type,
    name: a.name,
    streetName: a.streetName,
    houseNumber: a.houseNumber,
    details: a.details,
    description: a.description,
    latitude: a.latitude,
    longitude: a.longitude,
    cityId: a.cityId,
    comment: a.comment,
  };
}

/** A saved address as the order holds it: the request's fields and the saved one's id (not its owner or dates). */
export const placedOf = (a: AddressRequest & { id: string }): PlacedAddress => ({ ...requestOf(a), id: a.id });

/** Whether an address is the one applied to the order: the same id, or the same door (domain `isSameAddress`) under another id. */
export function isOrderPlace(order: PlacedAddress | null, a: AddressRequest & { id: string }): boolean {
  if (!order) return false;
  if (order.id === a.id) return true;
  return isSameAddress({ ...order, details: order.details ?? {} }, { ...a, details: a.details ?? {} });
}
