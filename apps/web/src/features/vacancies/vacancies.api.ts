import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Vacancy } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';

/** `GET /support/v1/vacancy`: the brand's open positions. */
export const vacanciesQuery = () =>
  queryOptions({
    queryKey: ['vacancies'] as const,
    queryFn: ({ signal }) => http<Vacancy[]>('/support/v1/vacancy', { signal }),
    staleTime: 5 * 60_000,
  });

/** `GET /support/v1/vacancy/{id}`. */
export const vacancyQuery = (id: string) =>
  queryOptions({
    queryKey: ['vacancies', id] as const,
    queryFn: ({ signal }) => http<Vacancy>(`/support/v1/vacancy/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useVacancies = (enabled: boolean) => useQuery({ ...vacanciesQuery(), enabled });
export const useVacancy = (id: string, enabled: boolean) => useQuery({ ...vacancyQuery(id), enabled });

/** `POST /support/v1/vacancy/{id}/apply` with the form (name, phone, text, cv). */
export const useApply = (id: string) =>
  useMutation({
    mutationFn: (form: FormData) =>
      http<{ id: string }>(`/support/v1/vacancy/${encodeURIComponent(id)}/apply`, { method: 'POST', body: form }),
  });
