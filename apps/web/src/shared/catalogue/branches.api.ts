import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branch } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** The branch calls of docs/spec-index.md section 7. Each branch says whether it is open now and its hours today. */
export const branchKeys = {
  all: ['branches'] as const,
  ofCity: (cityId: string) => ['branches', 'city', cityId] as const,
  one: (id: string) => ['branches', 'one', id] as const,
};

export function fetchBranches(signal?: AbortSignal): Promise<Branch[]> {
  return http<Branch[]>('/users/v1/branches', { signal });
}

export function fetchBranchesOfCity(cityId: string, signal?: AbortSignal): Promise<Branch[]> {
  return http<Branch[]>('/users/v1/branches/full', { query: { cityId }, signal });
}

export function fetchBranch(id: string, signal?: AbortSignal): Promise<Branch> {
  return http<Branch>(`/users/v1/branches/${encodeURIComponent(id)}`, { signal });
}

// Open or closed changes with the clock: a minute-old answer is as old as it may get.
export const branchesQuery = () =>
  queryOptions({ queryKey: branchKeys.all, queryFn: ({ signal }) => fetchBranches(signal), staleTime: 60_000 });

export const branchesOfCityQuery = (cityId: string) =>
  queryOptions({ queryKey: branchKeys.ofCity(cityId), queryFn: ({ signal }) => fetchBranchesOfCity(cityId, signal), staleTime: 60_000 });

export const branchQuery = (id: string) =>
  queryOptions({ queryKey: branchKeys.one(id), queryFn: ({ signal }) => fetchBranch(id, signal), staleTime: 60_000 });

/**
 * The branches, fetched while `enabled` (a boolean, or the options). `live` refreshes them every
 * minute while shown, for screens where open or closed decides what the customer can do.
 */
export function useBranches(options: boolean | { enabled?: boolean; live?: boolean } = true) {
  const { enabled = true, live = false } = typeof options === 'boolean' ? { enabled: options } : options;
  return useQuery({ ...branchesQuery(), enabled, refetchInterval: live ? 60_000 : false });
}
export const useBranch = (id: string | null) => useQuery({ ...branchQuery(id ?? ''), enabled: Boolean(id) });

/**
 * The brand's one active branch when it has only one (issue 29: such a brand never asks the customer to choose
 * one), else null; null too while the list is on its way.
 */
export function useOnlyBranch(enabled = true) {
  const { data } = useBranches(enabled);
  const active = (data ?? []).filter((b) => b.isActive);
  return active.length === 1 ? active[0]! : null;
}
