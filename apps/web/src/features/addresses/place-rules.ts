import { isSameAddress, type AddressRequest, type LatLng } from '@dasturxon/domain';
import type { PlacedAddress } from '../../shared/order/order-choice.ts';
import type { Place } from './addresses.api.ts';
import type { DoorDetails } from './details-sheet.tsx';

/* The location picker's rules, pure: what a geocoded place is called, the address saved for it, a guest's list. */

/**
 * The street and house of a place the geocoder named. A place whose address parts name no road (a district, a park)
 * has no street: the customer types it.
 */
export function streetOf(place: Place | null | undefined): { street: string; house: string } {
  if (!place) return { street: '', house: '' };
  const parts = place.address ?? {};
  if (!parts.road && Object.keys(parts).length > 0) return { street: '', house: parts.house_number ?? '' };
  return { street: parts.road ?? place.name ?? '', house: parts.house_number ?? '' };
}

/** What the customer typed where the geocoder found no street. */
export interface TypedStreet {
  street: string;
  house: string;
}

/**
 * The place saved where the geocoder found no street: the customer's typed street and house at the point they
 * put the pin (the point is never moved to a geocoded one), the geocoder's wider description kept when it had one.
 */
export function typedPlace(point: LatLng, typed: TypedStreet, found: Place | null): Place {
  const street = typed.street.trim().replace(/\s+/g, ' ');
  const house = typed.house.trim();
  const line = [street, house].filter(Boolean).join(' ');
  return {
    name: line,
    display_name: found?.display_name ? `${line}, ${found.display_name}` : line,
    lat: String(point[0]),
    lon: String(point[1]),
    address: { ...(found?.address ?? {}), road: street, ...(house ? { house_number: house } : {}) },
  };
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

/**
 * Whether a failed reverse geocoding is a failure to report (docs/spec-index.md section 8: the notice to report it to the
 * developers or retry later), not the geocoder's 404 "nothing known here", after which the customer simply types the street.
 */
export function reverseFailed(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof Error && error.name === 'AbortError') return false;
  const status = (error as { status?: unknown }).status;
  return status !== 404;
}
