import { isSameAddress, type AddressRequest, type LatLng } from '@dasturxon/domain';
import type { PlacedAddress } from '../../shared/order/order-choice.ts';
import type { Place } from './addresses.api.ts';
import type { DoorDetails } from './details-sheet.tsx';

/* The location picker's rules, pure: what a geocoded place is called, the address saved for it, a guest's list. */

/** The street and house of a place the geocoder named. */
export function streetOf(place: Place | null | undefined): { street: string; house: string } {
  if (!place) return { street: '', house: '' };
  return { street: place.address?.road ?? place.name ?? '', house: place.address?.house_number ?? '' };
}

/** The address to save for a place the customer settled on and the door's details. */
export function addressOf(point: LatLng, place: Place, details: DoorDetails, cityId: string | null): AddressRequest {
  const { street, house } = streetOf(place);
  const trimmed = (s: string) => s.trim();
  const flat = Boolean(trimmed(details.entrance) || trimmed(details.floor));
  return {
    type: flat ? 'APARTMENT' : 'HOUSE',
    name: trimmed(details.name),
    streetName: street,
    houseNumber: house,
    details: {
      office: trimmed(details.office),
      domophone: trimmed(details.domophone),
      entrance: trimmed(details.entrance),
      floor: trimmed(details.floor),
      comment: trimmed(details.comment),
    },
    description: place.display_name,
    latitude: point[0],
    longitude: point[1],
    cityId,
    comment: trimmed(details.comment),
  };
}

/** A guest's address kept on the device: the same door is kept once (the newest details win), newest first. */
export function keepGuestPlace(
  places: readonly PlacedAddress[],
  address: AddressRequest,
  newId: () => string,
): { places: PlacedAddress[]; kept: PlacedAddress } {
  const same = places.find((p) => isSameAddress(p, address));
  const kept: PlacedAddress = { ...address, id: same?.id ?? newId() };
  return { places: [kept, ...places.filter((p) => p !== same)], kept };
}
