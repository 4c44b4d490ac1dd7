import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { updateSessionUser, useSession } from './session-store.ts';

/**
 * Queries of the signed-in customer live under this root; they are dropped when a session ends.
 * Other features key their per-customer queries with it: `[...sessionKeys.all, 'orders', page]`.
 */
export const sessionKeys = {
  all: ['session'] as const,
  me: ['session', 'me'] as const,
};

/** `GET /users/v1/users/me` (WITH_TOKEN). */
export function fetchMe(signal?: AbortSignal): Promise<User> {
  return http<User>('/users/v1/users/me', { auth: true, signal });
}

/** The customer, fresh from the server; each answer also refreshes the stored copy. */
export const meQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async ({ signal }) => {
      const user = await fetchMe(signal);
      updateSessionUser(user);
      return user;
    },
    staleTime: 30_000,
  });

/**
 * The signed-in customer: the stored copy at once, refreshed from the server on mount (cashback
 * changes after orders). Disabled for a guest (`data` is undefined).
 */
export function useMe() {
  const session = useSession();
  return useQuery({ ...meQuery(), enabled: session !== null, initialData: session?.user, initialDataUpdatedAt: 0 });
}
