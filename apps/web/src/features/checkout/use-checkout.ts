import { useMemo, useState } from 'react';
import {
  isDeliveryService,
  orderServiceType,
  type Branch,
  type PaymentType,
  type QuoteProblem,
  type QuoteRequest,
  type QuoteResponse,
  type ServiceType,
} from '@dasturxon/domain';
import { useBasket, type BasketLine } from '../../shared/basket/basket-store.ts';
import { usePromoCode } from '../../shared/basket/promo-code.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { useCurrentMerchant, useMerchantSettings, useOrderSettings } from '../../shared/merchant/merchant.api.ts';
import { useChosenServiceType, useOrderAddress, type PlacedAddress } from '../../shared/order/order-choice.ts';
import { useMe } from '../../shared/session/session.api.ts';
import type { CheckoutDraft } from './checkout-draft.ts';
import { blockingProblems, checkoutQuoteRequest, defaultBranchId } from './checkout-request.ts';
import { useCheckoutQuote } from './checkout.api.ts';
import { useCheckoutDraft } from './checkout-store.ts';
import { telegramInitData } from '../../shared/telegram/init-data.ts';
import { detectClickMiniApp } from '../../lib/telegram.ts';
import { useTableSeat } from '../../shared/table/table-seat.ts';
import type { TableSeat } from '@dasturxon/domain/contracts';

export interface Checkout {
  merchantId: string;
  lines: readonly BasketLine[];
  serviceType: ServiceType;
  delivered: boolean;
  address: PlacedAddress | null;
  /** The branch the order goes to (chosen, else the main one); its hours give the slots. */
  branch: Branch | null;
  /** The table the visitor sits at (issue 32): the order is dine-in at its branch, now, on the QR channel's payment types. */
  table: TableSeat | null;
  branchesPending: boolean;
  promoCode: string | null;
  draft: CheckoutDraft;
  updateDraft: (change: Partial<CheckoutDraft>) => void;
  paymentTypes: PaymentType[];
  leadTimeMinutes: number;
  maxDays: number;
  cashbackActive: boolean;
  receiverActive: boolean;
  promoActive: boolean;
  /** The customer's cashback balance. */
  balance: number;
  request: QuoteRequest;
  /** The server's quote for exactly this request, else null (on its way or failed). */
  quote: QuoteResponse | null;
  /** The last answer, possibly for an earlier request: shown dimmed while the next arrives. */
  shown: QuoteResponse | null;
  quoteError: unknown;
  retryQuote: () => void;
  problems: QuoteProblem[];
}

/** Everything both checkout screens read: the basket, where and how the order goes, the draft and the server's quote. */
export function useCheckout(): Checkout {
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const { lines } = useBasket();
  const table = useTableSeat();
  const chosenType = orderServiceType(settings, useChosenServiceType());
  const serviceType = table ? 'DINE_IN' : chosenType;
  const delivered = isDeliveryService(serviceType);
  const address = useOrderAddress();
  const chosenBranch = useChosenBranchId();
  const chosenBranchId = table?.branch.id ?? chosenBranch;
  const branches = useBranches();
  const branchId = chosenBranchId ?? defaultBranchId(branches.data);
  const branch = branches.data?.find((b) => b.id === branchId) ?? null;
  const promoCode = usePromoCode();
  const orderSettings = useOrderSettings().data;
  const me = useMe().data;
  const [draft, updateDraft] = useCheckoutDraft();

  const cashbackActive = orderSettings?.cashbackActive ?? settings.cashbackActive;
  const promoActive = orderSettings?.promoActive ?? settings.promoActive;
  const balance = Math.max(0, me?.cashback ?? 0);
  const cashback = cashbackActive && draft.useCashback && balance > 0 ? balance : null;
  const lat = address?.latitude ?? null;
  const lng = address?.longitude ?? null;

  const request = useMemo(
    () =>
      checkoutQuoteRequest({
        lines,
        serviceType,
        // A delivery goes to the branch serving the address (chosen when the address was applied); the server finds it otherwise.
        branchId: delivered ? chosenBranchId : branchId,
        address: lat !== null && lng !== null ? { latitude: lat, longitude: lng } : null,
        promoCode: promoActive ? promoCode : null,
        cashback,
        schedule: !table && draft.later && draft.day && draft.time ? { day: draft.day, time: draft.time } : null,
      }),
    [
      lines,
      serviceType,
      delivered,
      chosenBranchId,
      branchId,
      lat,
      lng,
      promoActive,
      promoCode,
      cashback,
      table,
      draft.later,
      draft.day,
      draft.time,
    ],
  );
  const ready = lines.length > 0 && (Boolean(chosenBranchId) || !branches.isPending);
  const query = useCheckoutQuote(merchant.id, ready ? request : null);
  const fresh = Boolean(query.data) && !query.isPlaceholderData;
  const quote = fresh ? (query.data ?? null) : null;

  // Inside Telegram the order comes from the brand's bot, inside Click's app from its mini app: that channel's payment
  // types (orderRequestOf sends TELEGRAM_BOT or CLICK_MINI_APP).
  const [device] = useState<'TG' | 'CLICK' | 'WEB'>(() =>
    typeof window === 'undefined' ? 'WEB' : telegramInitData() ? 'TG' : detectClickMiniApp() ? 'CLICK' : 'WEB',
  );
  // At a table the order is the QR channel's, whatever the device (domain placedOrderChannel).
  const channel = table ? 'QR' : device;
  const paymentTypes: PaymentType[] = orderSettings?.paymentTypes[channel]?.length ? orderSettings.paymentTypes[channel] : ['CASH'];

  return {
    merchantId: merchant.id,
    lines,
    serviceType,
    delivered,
    address,
    branch,
    table,
    branchesPending: branches.isPending,
    promoCode: promoActive ? promoCode : null,
    // A table's order is for now.
    draft: table && draft.later ? { ...draft, later: false } : draft,
    updateDraft,
    paymentTypes,
    leadTimeMinutes: orderSettings?.leadTimeMinutes ?? 45,
    maxDays: orderSettings?.scheduleMaxDays ?? 7,
    cashbackActive,
    receiverActive: orderSettings?.receiverActive ?? settings.receiverActive,
    promoActive,
    balance,
    request,
    quote,
    shown: query.data ?? null,
    quoteError: ready && query.isError ? query.error : null,
    retryQuote: () => void query.refetch(),
    problems: quote ? blockingProblems(quote.problems, !table && draft.later && !(draft.day && draft.time)) : [],
  };
}
