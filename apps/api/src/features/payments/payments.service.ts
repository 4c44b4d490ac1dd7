import { createCardsService, type CardsServiceDeps } from './cards.service.ts';
import { createCheckoutService, type CheckoutPages } from './checkout.service.ts';
import { createClickMerchantClient } from './click-merchant.client.ts';
import { createClickService } from './click.service.ts';
import { createPaymeService } from './payme.service.ts';
import { createPaymentsCore } from './payments.core.ts';
import { createRefundsService } from './refunds.service.ts';
import { createUzumService } from './uzum.service.ts';

export type { PaymentsServiceDeps } from './payments.core.ts';

/** The merchant side of the three providers: each answers its provider's calls in the provider's own words. */
export function createPaymentsService(deps: CardsServiceDeps & { checkoutPages: CheckoutPages }) {
  const core = createPaymentsCore(deps);
  // One client of Click's Merchant API for the saved cards and the refunds.
  const click = deps.click ?? createClickMerchantClient({ baseUrl: deps.clickApiUrl, clock: deps.clock, log: deps.log });
  return {
    /** The refunds of cancelled paid orders: Click's reversal asked at once and retried; the console's list and mark. */
    refunds: createRefundsService({ db: deps.db, clock: deps.clock, log: deps.log, click, orders: deps.orders }, core),
    checkout: createCheckoutService(core, deps.checkoutPages),
    /** The customer's saved cards: Click's Merchant API (card tokens), paying through the same accounts and moves. */
    cards: createCardsService({ ...deps, click }, core),
    payme: createPaymeService(core, deps.log),
    click: createClickService(core, deps.log),
    uzum: createUzumService(core, deps.log),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
