import type { Address, AddressRequest } from '@dasturxon/domain';
import { http, HttpError } from '../../lib/http.ts';
import { getSession } from '../session/session-store.ts';
import {
  applyOrderAddress,
  chooseServiceType,
  readGuestPlaces,
  readOrderAddress,
  readServiceType,
  writeGuestPlaces,
  type PlacedAddress,
} from './order-choice.ts';
import { placedOf, requestOf } from './places.ts';

/*
 * A guest's addresses go to the account once after login (docs/spec-index.md section 6), loaded on demand by
 * `GuestPlacesSync`: each is saved (the server keeps one address per door, `isSameAddress`, and answers the kept
 * one, so nothing is duplicated), then forgotten on the device; the order's address, when it was one of them,
 * takes the saved one's id.
 */

export interface PushOutcome {
  /** The saved address of each place sent, by the place's `local-` id. */
  saved: Map<string, Address>;
  /** Places to send again later: the call failed for a reason that may pass (no network, a 5xx, a 429). */
  retry: Set<string>;
}

/** A refusal that asking again will not change (invalid, the 50 addresses limit): the place is dropped rather than sent forever. */
const isFinal = (e: unknown) =>
  e instanceof HttpError && e.kind === 'http' && e.status >= 400 && e.status < 500 && ![401, 408, 429].includes(e.status);

/** Sends the places one after the other (two copies of one door then end as one address). */
export async function pushPlaces(
  places: readonly PlacedAddress[],
  save: (request: AddressRequest) => Promise<Address>,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { saved: new Map(), retry: new Set() };
  for (const place of places) {
    try {
      outcome.saved.set(place.id, await save(requestOf(place)));
    } catch (e) {
      if (!isFinal(e)) outcome.retry.add(place.id);
    }
  }
  return outcome;
}

/**
 * What the device keeps after a push: the guest's places not handled (sent, or refused for good) among those it
 * holds now, and the order's address under its saved id when it was one of the places sent (else null: unchanged).
 */
export function afterPush(
  sent: readonly PlacedAddress[],
  now: { places: readonly PlacedAddress[]; order: PlacedAddress | null },
  outcome: PushOutcome,
): { places: PlacedAddress[]; order: PlacedAddress | null } {
  const handled = new Set(sent.map((p) => p.id).filter((id) => !outcome.retry.has(id)));
  const saved = now.order ? outcome.saved.get(now.order.id) : undefined;
  return { places: now.places.filter((p) => !handled.has(p.id)), order: saved ? placedOf(saved) : null };
}

const running = new Map<string, Promise<boolean>>();

/** Pushes this merchant's guest places to the customer's account, once at a time; answers whether any was saved. */
export function pushGuestPlaces(merchantId: string, userId: string): Promise<boolean> {
  const key = `${merchantId}:${userId}`;
  const current = running.get(key);
  if (current) return current;
  const run = (async () => {
    const places = readGuestPlaces(merchantId);
    if (!places.length) return false;
    const outcome = await pushPlaces(places, (body) =>
      http<Address>(`/users/v1/addresses/user/${encodeURIComponent(userId)}`, { method: 'POST', auth: true, body }),
    );
    // Logged out (or another customer logged in) meanwhile: what the device holds is no longer this customer's.
    if (getSession()?.user.id !== userId) return false;
    const next = afterPush(places, { places: readGuestPlaces(merchantId), order: readOrderAddress(merchantId) }, outcome);
    writeGuestPlaces(merchantId, next.places);
    if (next.order) {
      // The same address under its saved id; the service type stays as the customer chose it.
      const service = readServiceType(merchantId);
      applyOrderAddress(merchantId, next.order);
      if (service) chooseServiceType(merchantId, service);
    }
    return outcome.saved.size > 0;
  })().finally(() => running.delete(key));
  running.set(key, run);
  return run;
}
