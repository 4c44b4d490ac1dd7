import { queryOptions, useQuery } from '@tanstack/react-query';
import { htmlLangOf, type Address, type AddressRequest, type LatLng, type Region, type UiLanguage } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** One fetcher, its query options and its hook per endpoint (apps/web/README.md). */
export const addressKeys = {
  list: (merchantId: string, userId: string) => ['addresses', merchantId, userId] as const,
  region: ['delivery', 'region'] as const,
  search: (q: string, lang: UiLanguage) => ['geocoding', 'search', q, lang] as const,
  reverse: (point: LatLng, lang: UiLanguage) => ['geocoding', 'reverse', point[0], point[1], lang] as const,
};

/** `GET /users/v1/addresses/merchant/{merchantId}/user/{userId}` (WITH_TOKEN): the customer's saved addresses, newest first. */
export function fetchAddresses(merchantId: string, userId: string, signal?: AbortSignal): Promise<Address[]> {
  return http<Address[]>(`/users/v1/addresses/merchant/${encodeURIComponent(merchantId)}/user/${encodeURIComponent(userId)}`, {
    auth: true,
    signal,
  });
}

/** `POST /users/v1/addresses/user/{userId}` (WITH_TOKEN): saved, or the same door's address answered again. */
export function saveAddress(userId: string, address: AddressRequest): Promise<Address> {
  return http<Address>(`/users/v1/addresses/user/${encodeURIComponent(userId)}`, { method: 'POST', auth: true, body: address });
}

/** `DELETE /users/v1/addresses/{id}` (WITH_TOKEN). */
export function deleteAddress(id: string): Promise<void> {
  return http<void>(`/users/v1/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
}

/*
 * The zones and the geocoder are open to guests; a signed-in customer sends the token, which keeps them out of the
 * brand's guests' limit and first for the geocoder (docs/decisions/013-open-calls.md).
 */

/** `GET /users/v1/region`: the brand's delivery zones (guests too). */
export const fetchRegion = (signal?: AbortSignal): Promise<Region[]> => http<Region[]>('/users/v1/region', { auth: true, signal });

/** A place the geocoder found (Nominatim's item shape). */
export interface Place {
  name: string;
  display_name: string;
  lat: string;
  lon: string;
  address?: { road?: string; house_number?: string; city?: string };
}

/** `GET /notifications/v1/nominatim/search?format=json&q=`: places whose street matches the words, named in the interface language where the data has it. */
export const searchPlaces = (q: string, lang: UiLanguage, signal?: AbortSignal): Promise<Place[]> =>
  http<Place[]>('/notifications/v1/nominatim/search', {
    auth: true,
    query: { format: 'json', q, 'accept-language': htmlLangOf(lang) },
    signal,
  });

/** `GET /notifications/v1/nominatim/reverse?format=json&lat&lon`: the street and house at a point (404 NOT_FOUND when none is known near it). */
export const reversePlace = (point: LatLng, lang: UiLanguage, signal?: AbortSignal): Promise<Place> =>
  http<Place>('/notifications/v1/nominatim/reverse', {
    auth: true,
    query: { format: 'json', lat: String(point[0]), lon: String(point[1]), 'accept-language': htmlLangOf(lang) },
    signal,
  });

export const addressesQuery = (merchantId: string, userId: string) =>
  queryOptions({ queryKey: addressKeys.list(merchantId, userId), queryFn: ({ signal }) => fetchAddresses(merchantId, userId, signal) });

export const regionQuery = () =>
  queryOptions({ queryKey: addressKeys.region, queryFn: ({ signal }) => fetchRegion(signal), staleTime: 5 * 60_000 });

export const useRegion = () => useQuery(regionQuery());
