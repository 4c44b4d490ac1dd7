import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  PromoCheckQuery,
  PromoResponse,
  PublicPromoList,
  QuoteRequest,
  QuoteResponse,
  Region,
  TariffRequest,
  TariffResponse,
} from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { merchantOf } from '../../plugins/tenant.ts';
import type { PromosService } from './promos.service.ts';
import type { QuoteService } from './quote.service.ts';

export interface QuoteRoutesOptions {
  quotes: QuoteService;
  promos: PromosService;
}

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const quoteRoutes: FastifyPluginAsyncZod<QuoteRoutesOptions> = async (app, { quotes, promos }) => {
  app.post(
    '/orders/v1/orders/quote',
    {
      // A signed-in customer (optional bearer token) may spend cashback; a guest is quoted without.
      config: { tenant: 'active', auth: 'optional', rateLimit: 'work' },
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }, {}],
        summary: 'Price a basket: every amount of the order, one entry per line, and what would stop the order',
        description:
          'The basket is sent as ids and counts; prices come from the catalogue, and a request that carries a price or any other unknown field is refused with 400 VALIDATION_FAILED naming it. ' +
          'Problems (branch closed, product unavailable or unknown, stock, options, delivery zone and minimum, promo code) are listed, not raised: the basket is priced as far as it can be. ' +
          'A line whose product is unknown to this merchant is answered with zeros and left out of the totals. ' +
          "With a customer's bearer token, cashback up to their balance is spent; a guest spends none.",
        body: QuoteRequest,
        response: { 200: QuoteResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user ? { id: request.user.id } : null;
      const result = await quotes.quote(merchantOf(request), request.body, { now: app.clock.now(), user });
      return result.response;
    },
  );

  app.get(
    '/users/v1/region',
    {
      // Guests read it too: the location sheet needs the zones before any login (docs/decisions/013-open-calls.md).
      config: { tenant: 'active', auth: 'optional', rateLimit: 'work', guestsPerBrand: true },
      schema: {
        tags: ['delivery'],
        summary: "The merchant's delivery zones: area with holes and parts, priority, serving branch and tariff",
        response: { 200: z.array(Region), ...errors },
      },
    },
    async (request) => quotes.region(merchantOf(request)),
  );

  app.post(
    '/deliveries/v1/delivery/tariff/client/calculate',
    {
      // Open to guests as the zones are (docs/decisions/013-open-calls.md).
      config: { tenant: 'active', auth: 'optional', rateLimit: 'work', guestsPerBrand: true },
      schema: {
        tags: ['delivery'],
        summary: 'The delivery price to an address for products of a given worth',
        description:
          "The zone of highest priority holding the address, the serving branch (the chosen one, else the zone's, else the nearest that delivers now), " +
          "the zone's tariff for the distance from it. Refused with 409 OUT_OF_SERVICE_ZONE, BRANCH_CLOSED or DELIVERY_MIN_AMOUNT {minAmount}; 404 BRANCH_NOT_FOUND.",
        body: TariffRequest,
        response: { 200: TariffResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => quotes.tariff(merchantOf(request), request.body, app.clock.now()),
  );

  app.get(
    '/orders/v1/promo/check',
    {
      // Limited per address: trying codes by the thousand must not be cheap.
      config: { tenant: 'active', rateLimit: 'work' },
      schema: {
        tags: ['orders'],
        summary: "Check a promo code of this merchant (any letter case); with amount, also the promo's minimum",
        querystring: PromoCheckQuery,
        response: { 200: PromoResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => promos.check(merchantOf(request), request.query, app.clock.now()),
  );

  app.get(
    '/orders/v1/promo/public',
    {
      // Guests read it too (the codes are the brand's to publish); a signed-in customer's own uses are counted against
      // each code's per-customer limit, so the answer is never kept in a shared cache.
      config: { tenant: 'active', auth: 'optional', rateLimit: 'work' },
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }, {}],
        summary: "The brand's listed promo codes the customer can use now, with their terms; 403 FEATURE_OFF while promoActive is off",
        description:
          'Listed (isPublic) promos that are switched on, started, not expired and within their limits (with a bearer token, the ' +
          "customer's own uses count too), soonest ending first. Their minimum price is the basket's to reach: the quote judges it.",
        response: { 200: PublicPromoList, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = request.user ? { id: request.user.id } : null;
      return promos.listPublic(merchantOf(request), user, app.clock.now());
    },
  );
};
