import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyBrand } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** `GET /merchants/v1/brands`: the active brands of this brand's company (issue 31), this one marked `current`. */
export const fetchCompanyBrands = (signal?: AbortSignal) => http<CompanyBrand[]>('/merchants/v1/brands', { signal });

export const companyBrandsQuery = (merchantId: string) =>
  queryOptions({
    queryKey: ['merchant', merchantId, 'company-brands'] as const,
    queryFn: ({ signal }) => fetchCompanyBrands(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useCompanyBrands = (merchantId: string) => useQuery(companyBrandsQuery(merchantId));
