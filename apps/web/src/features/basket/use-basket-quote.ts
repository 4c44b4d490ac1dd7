import { useEffect, useMemo, useState } from 'react';
import { orderServiceType, quoteFromMenu, type QuoteRequest, type QuoteResponse } from '@dasturxon/domain';
import { lineKey, useBasket, type BasketLine } from '../../shared/basket/basket-store.ts';
import { usePromoCode } from '../../shared/basket/promo-code.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { defaultBranchId, planQuote, sortProblems, type BasketTotals, type ProductsById, type SortedProblems } from './basket-lines.ts';
import { useQuote } from './basket.api.ts';
import { useChosenServiceType, useOrderAddress } from '../../shared/order/order-choice.ts';

/** How long the basket must stay still before the server is asked (a burst of taps is one quote). */
export const QUOTE_SETTLE_MS = 400;

/** The value once it has stayed the same (by `key`) for `ms`; the first value is settled at once. */
export function useSettled<T>(value: T, key: string, ms: number): { value: T; key: string } {
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    if (settled.key === key) return;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
  }, [key, value, ms, settled.key]);
  return settled;
}

const EMPTY_PRODUCTS: ProductsById = new Map();

export interface BasketQuote {
  lines: readonly BasketLine[];
  products: ProductsById;
  /** The menu is still loading: names and local prices are not known yet. */
  menuPending: boolean;
  /** The amounts to show: the server's quote for exactly this basket, else the local engine's estimate. */
  totals: BasketTotals;
  /** Each line's gross (before its discount) and net, by line key. */
  linePrices: ReadonlyMap<string, { gross: number; net: number }>;
  /** The server's quote when it answers for exactly this basket. */
  quote: QuoteResponse | null;
  /** The prices shown are the local estimate while the server's answer is on its way (not after it failed: see `error`). */
  pending: boolean;
  /** The last quote call failed. */
  error: unknown;
  problems: SortedProblems;
  request: QuoteRequest;
  retry: () => void;
}

/**
 * The basket with its prices: the server's quote (asked once the basket has been still for
 * {@link QUOTE_SETTLE_MS}, keyed by the request so each basket is asked once), and meanwhile the
 * domain engine over the loaded menu, carrying over the delivery price, promo and service fee of the
 * last answer. The problems shown are those of the last answer, put on the lines they name.
 */
export function useBasketQuote(): BasketQuote {
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const { lines } = useBasket();
  const promoCode = usePromoCode();
  const chosenBranchId = useChosenBranchId();
  // Without a chosen branch the main one stands in, so the delivery price and minimum are shown; the quote waits for the list.
  // The list is read either way: the estimate prices the branch's delivery and hours from it.
  const branches = useBranches();
  const branchId = chosenBranchId ?? defaultBranchId(branches.data);
  const branchKnown = Boolean(chosenBranchId) || !branches.isPending;
  const { menu, isPending: menuPending } = useMenu();
  const products = menu?.productById ?? EMPTY_PRODUCTS;
  const serviceType = orderServiceType(settings, useChosenServiceType());
  const address = useOrderAddress();
  const lat = address?.latitude ?? null;
  const lng = address?.longitude ?? null;

  const plan = useMemo(
    () =>
      planQuote(lines, {
        serviceType,
        branchId,
        promoCode: settings.promoActive ? promoCode : null,
        address: lat !== null && lng !== null ? [lat, lng] : null,
      }),
    [lines, serviceType, branchId, promoCode, settings.promoActive, lat, lng],
  );
  const requestKey = JSON.stringify(plan.request);
  const settled = useSettled(plan.request, requestKey, QUOTE_SETTLE_MS);
  const empty = plan.request.cartItems.length === 0;
  const query = useQuote(merchant.id, empty || !branchKnown ? null : settled.value);

  const answer = query.data ?? null;
  const fresh = Boolean(answer) && !query.isPlaceholderData && settled.key === requestKey;
  const last = answer?.response ?? null;

  // While the server's quote is on its way: the same quote function over the menu and branches the
  // storefront has loaded, carrying the promo and service fee of the last answer (domain `quoteFromMenu`).
  const estimate = useMemo(
    () =>
      quoteFromMenu(
        {
          products: products.values(),
          branches: branches.data,
          settings,
          last: last ? { promo: last.promo, serviceFee: last.serviceFee } : null,
        },
        plan.request,
        new Date(),
      ).response,
    [products, branches.data, settings, last, plan.request],
  );

  const problems = useMemo(() => {
    if (!answer || empty) return sortProblems([], lines, []);
    // Problems name the answered request's cart items; each goes to the line of today's basket with the same product and options.
    const answeredLines = answer.request.cartItems.map((item) => ({ ...item, key: lineKey(item.productId, item.modifications) }));
    const present = new Set(lines.map((l) => l.key));
    const sorted = sortProblems(
      answer.response.problems,
      answeredLines,
      answeredLines.map((_, i) => i),
    );
    for (const key of [...sorted.byLine.keys()]) if (!present.has(key)) sorted.byLine.delete(key);
    return sorted;
  }, [answer, lines, empty]);

  const quote = fresh && answer ? answer.response : null;

  const linePrices = useMemo(() => {
    const out = new Map<string, { gross: number; net: number }>();
    const priced = (quote ?? estimate).lines;
    plan.lineOf.forEach((index, item) => {
      const line = lines[index];
      const price = priced[item];
      if (line && price) out.set(line.key, { gross: price.gross, net: price.net });
    });
    return out;
  }, [quote, estimate, plan.lineOf, lines]);

  const error = !empty && query.isError && settled.key === requestKey ? query.error : null;
  return {
    lines,
    products,
    menuPending: menuPending && lines.length > 0,
    totals: quote ?? estimate,
    linePrices,
    quote,
    pending: !empty && !quote && !error,
    error,
    problems,
    request: plan.request,
    retry: () => void query.refetch(),
  };
}
