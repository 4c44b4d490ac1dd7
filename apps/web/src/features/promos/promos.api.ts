import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPromoList } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';

/**
 * `GET /orders/v1/promo/public`: the brand's listed promo codes the customer can use now (issue 31). Sent with the
 * customer's token when there is one: a code they have used up is left out for them. A customer's list is kept under
 * the session's keys, so it goes with the session.
 */
export const publicPromosQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: signedIn ? ([...sessionKeys.all, 'promos'] as const) : (['promos', 'guest'] as const),
    queryFn: ({ signal }) => http<PublicPromoList>('/orders/v1/promo/public', { auth: true, signal }),
    staleTime: 60_000,
  });

export const usePublicPromos = (signedIn: boolean, enabled: boolean) => useQuery({ ...publicPromosQuery(signedIn), enabled });
