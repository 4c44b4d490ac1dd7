import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner, Story } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/*
 * Banners and stories of the home page (docs/spec-index.md section 7). Fetched only while their setting is on,
 * and a failure is an empty list (docs/spec-index.md section 8): a missing promotion must never break the menu.
 */
export const homeKeys = { banners: ['home', 'banners'] as const, stories: ['home', 'stories'] as const };

export function fetchBanners(signal?: AbortSignal): Promise<Banner[]> {
  return http<Banner[]>('/support/v1/banner', { signal }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return [];
  });
}

export function fetchStories(signal?: AbortSignal): Promise<Story[]> {
  return http<Story[]>('/notifications/v2/stories', { signal }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return [];
  });
}

export const bannersQuery = () =>
  queryOptions({ queryKey: homeKeys.banners, queryFn: ({ signal }) => fetchBanners(signal), staleTime: 5 * 60_000 });
export const storiesQuery = () =>
  queryOptions({ queryKey: homeKeys.stories, queryFn: ({ signal }) => fetchStories(signal), staleTime: 5 * 60_000 });

export const useBanners = (enabled: boolean) => useQuery({ ...bannersQuery(), enabled });
export const useStories = (enabled: boolean) => useQuery({ ...storiesQuery(), enabled });
