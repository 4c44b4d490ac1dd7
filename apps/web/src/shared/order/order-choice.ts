import { useSyncExternalStore } from 'react';
import { SERVICE_TYPES, type AddressRequest, type ServiceType } from '@dasturxon/domain';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useCurrentMerchant } from '../merchant/merchant.api.ts';

/*
 * How and where the customer wants the order (docs/spec-index.md section 4, "Address flow"), kept on the device per merchant:
 *   dx:{merchantId}:service    the service type chosen (DELIVERY, PICK_UP, DINE_IN)
 *   dx:{merchantId}:address    the delivery address applied to the order
 *   dx:{merchantId}:my-places  a guest's addresses (sent to the account once after login, then forgotten)
 * The pickup branch is the chosen branch of `shared/catalogue/chosen-branch.ts`. Logout clears them all.
 */

/** An address as the order and the pickers hold it: the saved one's id when it is saved on the account, a `local-` id for a guest's. */
export type PlacedAddress = AddressRequest & { id: string };

const keys = {
  service: (m: string) => `dx:${m}:service`,
  address: (m: string) => `dx:${m}:address`,
  places: (m: string) => `dx:${m}:my-places`,
};

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || /:(service|address|my-places)$/.test(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function write(key: string, value: unknown): void {
  if (value === null) {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  } else writeStored(key, typeof value === 'string' ? value : JSON.stringify(value));
  emit();
}

const isPlace = (a: unknown): a is PlacedAddress => {
  const p = a as Partial<PlacedAddress> | null;
  return Boolean(p) && typeof p!.id === 'string' && Number.isFinite(p!.latitude) && Number.isFinite(p!.longitude);
};

/** Parsed values are cached by their raw text, so a snapshot keeps its identity until the stored text changes. */
const parsed = new Map<string, { raw: string | null; value: unknown }>();
function readJson<T>(key: string, parse: (data: unknown) => T): T {
  const raw = readStored(key);
  const hit = parsed.get(key);
  if (hit && hit.raw === raw) return hit.value as T;
  let data: unknown = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  const value = parse(data);
  parsed.set(key, { raw, value });
  return value;
}

export const readServiceType = (merchantId: string): ServiceType | null => {
  const raw = readStored(keys.service(merchantId));
  return (SERVICE_TYPES as readonly string[]).includes(raw ?? '') ? (raw as ServiceType) : null;
};
export const readOrderAddress = (merchantId: string): PlacedAddress | null =>
  readJson(keys.address(merchantId), (d) => (isPlace(d) ? d : null));
export const readGuestPlaces = (merchantId: string): PlacedAddress[] =>
  readJson(keys.places(merchantId), (d) => (Array.isArray(d) ? d.filter(isPlace) : []));

export const chooseServiceType = (merchantId: string, type: ServiceType): void => write(keys.service(merchantId), type);
/** Applies an address to the order (null forgets it); the order is then a delivery. */
export function applyOrderAddress(merchantId: string, address: PlacedAddress | null): void {
  write(keys.address(merchantId), address);
  if (address) write(keys.service(merchantId), 'DELIVERY');
}
export const writeGuestPlaces = (merchantId: string, places: readonly PlacedAddress[]): void =>
  write(keys.places(merchantId), places.length ? places : null);

const none = () => null;
const EMPTY: PlacedAddress[] = [];
const noPlaces = (): PlacedAddress[] => EMPTY;

/** The service type the customer chose, or null (the brand's default then applies). */
export function useChosenServiceType(): ServiceType | null {
  const { id } = useCurrentMerchant();
  return useSyncExternalStore(subscribe, () => readServiceType(id), none);
}

/** The delivery address applied to the order, or null. Pages rendered on the server have none. */
export function useOrderAddress(): PlacedAddress | null {
  const { id } = useCurrentMerchant();
  return useSyncExternalStore(subscribe, () => readOrderAddress(id), none);
}

/** A guest's addresses kept on this device. */
export function useGuestPlaces(): PlacedAddress[] {
  const { id } = useCurrentMerchant();
  return useSyncExternalStore(subscribe, () => readGuestPlaces(id), noPlaces);
}
