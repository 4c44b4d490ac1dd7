import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentMerchant } from '../merchant/merchant.api.ts';
import { useSessionUser } from '../session/session-store.ts';
import { useGuestPlaces } from './order-choice.ts';

/**
 * Sends a guest's addresses to the account once the customer is logged in (docs/spec-index.md section 6), rendered once for
 * the whole storefront. The sending code arrives only when there is something to send.
 */
export function GuestPlacesSync() {
  const { id: merchantId } = useCurrentMerchant();
  const userId = useSessionUser()?.id ?? null;
  const waiting = useGuestPlaces().length > 0;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || !waiting) return;
    import('./push-guest-places.ts')
      .then(({ pushGuestPlaces }) => pushGuestPlaces(merchantId, userId))
      // The address lists (features/addresses keys them ['addresses', merchantId, userId]) show the new ones.
      .then((saved) => {
        if (saved) void queryClient.invalidateQueries({ queryKey: ['addresses', merchantId] });
      })
      .catch(() => {
        // The code did not arrive (offline): the places wait for the next visit.
      });
  }, [merchantId, userId, waiting, queryClient]);

  return null;
}
