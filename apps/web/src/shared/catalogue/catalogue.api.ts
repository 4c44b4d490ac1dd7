import { useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTableSeat } from '../table/table-seat.ts';
import { menuAvailability, orderMenu, type MenuSource, type Overalls, type Product, type ProductGrade } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { useBoot } from '../merchant/boot.ts';
import { useChosenBranchId } from './chosen-branch.ts';

/*
 * The catalogue calls (docs/spec-index.md section 7), shared by the menu, the product, search and (later) the
 * basket: one fetcher, its query options and its hook per endpoint (docs/architecture.md, convention 5).
 */

export const catalogueKeys = {
  overalls: (source: MenuSource) => ['catalogue', 'overalls', source] as const,
  product: (id: string) => ['catalogue', 'product', id] as const,
  grades: ['catalogue', 'grades'] as const,
};

/**
 * `GET /products/v1/overalls?type=`: the whole menu, fetched without a branch and re-sorted here for
 * the chosen one (domain `orderMenu`), so picking a branch costs no download. The server's ETag lets
 * the browser revalidate it with a 304.
 */
export function fetchOveralls(source: MenuSource, signal?: AbortSignal): Promise<Overalls> {
  return http<Overalls>('/products/v1/overalls', { query: { type: source }, signal });
}

/** `GET /products/v1/{id}`: one product, for a product page opened directly. */
export function fetchProduct(id: string, branchId?: string | null, signal?: AbortSignal): Promise<Product> {
  return http<Product>(`/products/v1/${encodeURIComponent(id)}`, { query: { branchId }, signal });
}

/** `GET /products/v1/grade`: customers' grades per product. */
export function fetchGrades(signal?: AbortSignal): Promise<ProductGrade[]> {
  return http<ProductGrade[]>('/products/v1/grade', { signal });
}

export const overallsQuery = (source: MenuSource) =>
  queryOptions({ queryKey: catalogueKeys.overalls(source), queryFn: ({ signal }) => fetchOveralls(source, signal), staleTime: 5 * 60_000 });

export const productQuery = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.product(id), queryFn: ({ signal }) => fetchProduct(id, null, signal), staleTime: 5 * 60_000 });

export const gradesQuery = () =>
  queryOptions({ queryKey: catalogueKeys.grades, queryFn: ({ signal }) => fetchGrades(signal), staleTime: 10 * 60_000 });

/** The menu of this channel: the Telegram mini app has its own, and so does a table's QR code (issue 32). */
export function useMenuSource(): MenuSource {
  const atTable = useTableSeat() !== null;
  const { inTelegram } = useBoot();
  return atTable ? 'QR' : inTelegram ? 'TELEGRAM' : 'WEB';
}

/** A product of the menu, marked for the chosen branch. */
export type MenuProduct = Product;

export interface Menu {
  groups: Overalls['groups'];
  categories: Overalls['categories'];
  products: MenuProduct[];
  productById: ReadonlyMap<string, MenuProduct>;
}

/**
 * Menus in order, per menu fetched, channel and branch. Every part of a page that shows the menu (the menu itself,
 * each banner, search, …) shares one, where each used to sort and mark its own copy: on the server that was a few
 * hundred kilobytes of copies per page, and a page drawn from a kept menu (render.ts) now finds it ready.
 */
const orderedMenus = new WeakMap<Overalls, Map<string, Menu>>();

/** Read only: the menu is shared by every part of the page, and on the server by every page drawn from the same data. */
function orderedMenuOf(data: Overalls, source: MenuSource, branchId: string | null): Menu {
  let forData = orderedMenus.get(data);
  if (!forData) orderedMenus.set(data, (forData = new Map()));
  const key = `${source} ${branchId ?? ''}`;
  let menu = forData.get(key);
  if (!menu) {
    const ordered = orderMenu(data, { source, branchId });
    menu = { ...ordered, productById: new Map(ordered.products.map((p) => [p.id, p])) };
    forData.set(key, menu);
  }
  return menu;
}

/** The overall menu in order for the chosen branch (domain `orderMenu`): changing the branch re-sorts it (docs/spec-index.md section 4). */
export function useMenu() {
  const source = useMenuSource();
  const branchId = useChosenBranchId();
  const query = useQuery(overallsQuery(source));
  const menu = query.data ? orderedMenuOf(query.data, source, branchId) : null;
  return { ...query, menu };
}

/** The product from the menu already loaded, else `null` (the caller fetches it on its own). */
export function productFromMenu(queryClient: QueryClient, source: MenuSource, id: string): Product | null {
  return queryClient.getQueryData(overallsQuery(source).queryKey)?.products.find((p) => p.id === id) ?? null;
}

/**
 * One product, marked for the chosen branch: from the menu when it is loaded (instant), else
 * fetched by id (a page opened from a link).
 */
export function useProduct(id: string) {
  const source = useMenuSource();
  const branchId = useChosenBranchId();
  const menu = useQuery(overallsQuery(source));
  const fromMenu = menu.data?.products.find((p) => p.id === id) ?? null;
  // Opened directly (no menu yet), the product is asked for on its own, alongside the menu rather than after it.
  const own = useQuery({ ...productQuery(id), enabled: !fromMenu });
  const raw = fromMenu ?? own.data ?? null;
  const product = useMemo(() => (raw ? { ...raw, ...menuAvailability(raw, branchId) } : null), [raw, branchId]);
  return {
    product,
    category: raw ? (menu.data?.categories.find((c) => c.id === raw.categoryId) ?? null) : null,
    isPending: !product && (menu.isPending || own.isPending),
    error: product ? null : (own.error ?? null),
    refetch: () => void own.refetch(),
  };
}

export const useGrades = () => useQuery(gradesQuery());
