import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { MerchantSettings, PolicyType } from '@dasturxon/domain';
import { bannersQuery, storiesQuery } from '../features/home/home.api.ts';
import { policyQuery } from '../features/info/info.api.ts';
import { branchesQuery } from '../shared/catalogue/branches.api.ts';
import { gradesQuery, overallsQuery, productFromMenu, productQuery } from '../shared/catalogue/catalogue.api.ts';
import { PRODUCT_PARAM } from '../shared/catalogue/product-link.ts';
import { vacanciesQuery, vacancyQuery } from '../features/vacancies/vacancies.api.ts';

/*
 * Which addresses the server renders for a guest, and the data each needs. The server fetches that data
 * into the page's query cache before rendering; the same cache goes to the browser with the page
 * (TanStack Query's dehydrate/hydrate), so the browser asks for none of it again.
 * Every other address (basket, profile, login, maps) is the customer's own and renders in the browser.
 */

/** A prefetch may find that the address names nothing (a product that does not exist). */
export const NOT_FOUND = 'notFound';
type Prefetch = (
  queryClient: QueryClient,
  settings: MerchantSettings,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => Promise<typeof NOT_FOUND | unknown>;

const menu = (queryClient: QueryClient) => queryClient.fetchQuery(overallsQuery('WEB'));

/** A product opened over a list (`?product={id}`) needs its grades as well. */
async function menuWithOverlay(queryClient: QueryClient, search: URLSearchParams) {
  await Promise.all([menu(queryClient), search.get(PRODUCT_PARAM) ? queryClient.prefetchQuery(gradesQuery()) : null]);
}

const policy =
  (type: PolicyType, flag: keyof MerchantSettings): Prefetch =>
  (queryClient, settings) =>
    settings[flag] ? queryClient.prefetchQuery(policyQuery(type)) : Promise.resolve();

const PAGES: { path: string; prefetch: Prefetch }[] = [
  {
    path: '/',
    prefetch: (queryClient, settings, _params, search) =>
      Promise.all([
        menuWithOverlay(queryClient, search),
        // The branch strip's data, and the branches' addresses and hours in the page's schema.org data.
        settings.branchesActive ? queryClient.prefetchQuery(branchesQuery()) : null,
        settings.bannersActive ? queryClient.prefetchQuery(bannersQuery()) : null,
        settings.storiesActive ? queryClient.prefetchQuery(storiesQuery()) : null,
      ]),
  },
  { path: '/category', prefetch: (queryClient, _settings, _params, search) => menuWithOverlay(queryClient, search) },
  { path: '/search', prefetch: (queryClient, _settings, _params, search) => menuWithOverlay(queryClient, search) },
  {
    path: '/product/:id',
    prefetch: async (queryClient, _settings, params) => {
      const id = params.id ?? '';
      await Promise.all([menu(queryClient).catch(() => null), queryClient.prefetchQuery(gradesQuery())]);
      // A product that is not in the menu (hidden from it, say) is asked for on its own, as the page does.
      if (productFromMenu(queryClient, 'WEB', id)) return;
      await queryClient.prefetchQuery(productQuery(id));
      // The page says the product is not there; so does the answer's status, for search engines.
      if (queryClient.getQueryState(productQuery(id).queryKey)?.status === 'error') return NOT_FOUND;
    },
  },
  {
    path: '/branches',
    prefetch: (queryClient, settings) => (settings.branchesActive ? queryClient.prefetchQuery(branchesQuery()) : Promise.resolve()),
  },
  { path: '/about', prefetch: policy('ABOUT_COMPANY', 'aboutMerchantActive') },
  { path: '/offerta', prefetch: policy('TERMS', 'termsOfUseActive') },
  { path: '/privacy', prefetch: policy('PRIVACY_POLICY', 'privacyActive') },
  // Vacancies (issue 31): the 404 page and status while the brand's vacanciesActive is off.
  {
    path: '/vacancy',
    prefetch: async (queryClient, settings) => (settings.vacanciesActive ? queryClient.prefetchQuery(vacanciesQuery()) : NOT_FOUND),
  },
  {
    path: '/vacancy/:id',
    prefetch: async (queryClient, settings, params) => {
      if (!settings.vacanciesActive) return NOT_FOUND;
      const query = vacancyQuery(params.id ?? '');
      await queryClient.prefetchQuery(query);
      if (queryClient.getQueryState(query.queryKey)?.status === 'error') return NOT_FOUND;
    },
  },
];

/** Addresses that are never pages of their own: a guest's 404 is rendered on the server too. */
const CLIENT_ONLY = [
  // Kept by the service worker and shown without a network: drawn by the browser from the boot alone.
  '/offline',
  '/basket',
  '/login',
  '/login/confirm',
  '/profile',
  '/profile/*',
  '/checkout',
  '/checkout/*',
  '/branches/map',
  '/choose-address',
  '/address/*',
  '/extra',
  '/extra2',
  '/extr3',
  '/extra4',
];

export type ServerPage =
  | { kind: 'page'; path: string; prefetch: Prefetch; params: Record<string, string | undefined> }
  | { kind: 'notFound' }
  | { kind: 'client' };

/** A param as the browser's routes give it (React Router decodes the address before matching; `matchPath` alone does not). */
function decoded(value: string | undefined): string | undefined {
  try {
    return value === undefined ? value : decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What the server does for an address of an open storefront. */
export function serverPageFor(pathname: string): ServerPage {
  for (const page of PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) {
      const params = Object.fromEntries(Object.entries(match.params).map(([name, value]) => [name, decoded(value)]));
      return { kind: 'page', path: page.path, prefetch: page.prefetch, params };
    }
  }
  if (CLIENT_ONLY.some((pattern) => matchPath(pattern, pathname))) return { kind: 'client' };
  return { kind: 'notFound' };
}
