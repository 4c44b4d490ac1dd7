import { createCardsService, type CardsServiceDeps } from './cards.service.ts';
import { createCheckoutService, type CheckoutPages } from './checkout.service.ts';
import { createClickService } from './click.service.ts';
import { createPaymeService } from './payme.service.ts';
import { createPaymentsCore } from './payments.core.ts';
import { createUzumService } from './uzum.service.ts';

export type { PaymentsServiceDeps } from './payments.core.ts';

/** The merchant side of the three providers: each answers its provider's calls in the provider's own words. */
export function createPaymentsService(deps: CardsServiceDeps & { checkoutPages: CheckoutPages }) {
  const core = createPaymentsCore(deps);
  return {
    checkout: createCheckoutService(core, deps.checkoutPages),
    /** The customer's saved cards: Click's Merchant API (card tokens), paying through the same accounts and moves. */
    cards: createCardsService(deps, core),
    payme: createPaymeService(core, deps.log),
    click: createClickService(core, deps.log),
    uzum: createUzumService(core, deps.log),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
