import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyPolicy, PolicyType } from '@dasturxon/domain';
import { http, HttpError } from '../../lib/http.ts';

/** `GET /support/v1/company/policies?policies=`: one of the merchant's texts (terms, about the company, privacy); null when it has none. */
export function fetchPolicy(type: PolicyType, signal?: AbortSignal): Promise<CompanyPolicy | null> {
  return http<CompanyPolicy>('/support/v1/company/policies', { query: { policies: type }, signal }).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
}

export const policyQuery = (type: PolicyType) =>
  queryOptions({ queryKey: ['info', 'policy', type] as const, queryFn: ({ signal }) => fetchPolicy(type, signal), staleTime: 30 * 60_000 });

export const usePolicy = (type: PolicyType, enabled = true) => useQuery({ ...policyQuery(type), enabled });
