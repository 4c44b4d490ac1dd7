import type { ClosestBranch, LatLng } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { chooseBranch } from '../catalogue/chosen-branch.ts';
import { applyOrderAddress, type PlacedAddress } from './order-choice.ts';

/**
 * `GET /users/v1/branches/merchant/{merchantId}/closest?lat&lon&type`: the branch that serves a point now (the
 * zone's branch for a delivery, else the nearest open one that takes the service); 404 BRANCH_NOT_FOUND when none does.
 */
export function fetchServingBranch(
  merchantId: string,
  [lat, lon]: LatLng,
  type: 'DELIVERY' | 'PICK_UP' = 'DELIVERY',
  signal?: AbortSignal,
): Promise<ClosestBranch> {
  return http<ClosestBranch>(`/users/v1/branches/merchant/${encodeURIComponent(merchantId)}/closest`, {
    query: { lat, lon, type },
    signal,
  });
}

/**
 * Spec section 4, "Nearest branch": the branch serving the point becomes the chosen branch; when the lookup fails
 * (no branch takes deliveries there now, no network) the chosen branch is cleared. Answers the branch's id or null.
 */
export async function chooseServingBranch(merchantId: string, point: LatLng): Promise<string | null> {
  try {
    const branch = await fetchServingBranch(merchantId, point);
    chooseBranch(merchantId, branch.id);
    return branch.id;
  } catch {
    chooseBranch(merchantId, null);
    return null;
  }
}

/** Applies an address to the order (the order becomes a delivery), then chooses the branch that serves it. */
export async function deliverTo(merchantId: string, address: PlacedAddress): Promise<string | null> {
  applyOrderAddress(merchantId, address);
  return chooseServingBranch(merchantId, [address.latitude, address.longitude]);
}
