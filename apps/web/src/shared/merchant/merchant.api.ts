import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, Merchant, MerchantSettings, OrderMerchantSettings, SettingsChannel } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { useBoot } from './boot.ts';

/** One fetcher, its query options and its hook per endpoint (docs/architecture.md, convention 5). */
export const merchantKeys = {
  cities: (merchantId: string) => ['merchant', merchantId, 'cities'] as const,
  orderSettings: ['merchant', 'order-settings'] as const,
};

/** `GET /users/v1/merchants/current`: the server knows the brand from the host (or the `vendor` on development hosts). */
export function fetchCurrentMerchant(vendor?: string | null, signal?: AbortSignal): Promise<Merchant> {
  return http<Merchant>('/users/v1/merchants/current', { query: { vendor }, signal });
}

const SETTINGS_PATHS: Record<SettingsChannel, string> = {
  WEB: '/support/v1/merchant/settings/web',
  CLICK_APP: '/support/v1/merchant/settings/click-app/client',
};

export function fetchMerchantSettings(channel: SettingsChannel = 'WEB', signal?: AbortSignal): Promise<MerchantSettings> {
  return http<MerchantSettings>(SETTINGS_PATHS[channel], { signal });
}

/** The settings every merchant starts with; zod lives in this late chunk, not in the first screen. */
export const defaultSettings = (): Promise<MerchantSettings> => import('./settings-defaults.ts').then((m) => m.defaultSettings());

/** Spec section 8: a failed settings load is swallowed and the defaults apply, without a message. */
export function fetchMerchantSettingsOrDefaults(channel: SettingsChannel = 'WEB', signal?: AbortSignal): Promise<MerchantSettings> {
  return fetchMerchantSettings(channel, signal).catch(() => defaultSettings());
}

export function fetchMerchantCities(merchantId: string, signal?: AbortSignal): Promise<City[]> {
  return http<City[]>(`/users/v1/city-merchant/merchant/${encodeURIComponent(merchantId)}`, { signal });
}

export function fetchOrderSettings(signal?: AbortSignal): Promise<OrderMerchantSettings> {
  return http<OrderMerchantSettings>('/orders/v1/merchant/settings', { signal });
}

export const merchantCitiesQuery = (merchantId: string) =>
  queryOptions({
    queryKey: merchantKeys.cities(merchantId),
    queryFn: ({ signal }) => fetchMerchantCities(merchantId, signal),
    staleTime: 10 * 60_000,
  });

export const orderSettingsQuery = () =>
  queryOptions({ queryKey: merchantKeys.orderSettings, queryFn: ({ signal }) => fetchOrderSettings(signal), staleTime: 10 * 60_000 });

/*
 * The brand and its web settings are fixed for the life of the page: the start reads them once (from the page or
 * the API) and hands them to the app in the boot context, where these hooks read them. A plain context read: a menu
 * card asks for them, and a query observer per card cost the server a fifth of a page's render (bench/README.md).
 */

/** The brand of this storefront. Only below the check-merchant guard, which lets no page draw without one. */
export function useCurrentMerchant(): Merchant {
  const { merchant } = useBoot();
  if (!merchant) throw new Error('useCurrentMerchant outside the check-merchant guard');
  return merchant;
}

/** The web settings (from the page or the API, else the defaults). */
export const useMerchantSettings = (): MerchantSettings => useBoot().settings;

export const useMerchantCities = (merchantId: string) => useQuery(merchantCitiesQuery(merchantId));

export const useOrderSettings = () => useQuery(orderSettingsQuery());
