import { useMutation, useQuery } from '@tanstack/react-query';
import type { Vacancy } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';

/** `GET /support/v1/vacancy`: the brand's open positions. */
export const useVacancies = (enabled: boolean) =>
  useQuery({
    queryKey: ['vacancies'],
    queryFn: ({ signal }) => http<Vacancy[]>('/support/v1/vacancy', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** `GET /support/v1/vacancy/{id}`. */
export const useVacancy = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['vacancies', id],
    queryFn: ({ signal }) => http<Vacancy>(`/support/v1/vacancy/${encodeURIComponent(id)}`, { signal }),
    enabled,
    retry: false,
  });

/** `POST /support/v1/vacancy/{id}/apply` with the form (name, phone, text, cv). */
export const useApply = (id: string) =>
  useMutation({
    mutationFn: (form: FormData) =>
      http<{ id: string }>(`/support/v1/vacancy/${encodeURIComponent(id)}/apply`, { method: 'POST', body: form }),
  });
