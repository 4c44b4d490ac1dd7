import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CardCreateRequest,
  CardCreateResponse,
  CardIdParams,
  CardPayRequest,
  CardVerifyRequest,
  ErrorResponse,
  Order,
  SavedCard,
} from '@dasturxon/domain/contracts';
import { customerOf } from '../auth/index.ts';
import type { CardsService } from './cards.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
/** Calls that ask Click: limited per address like the other calls that cost work. */
const asksClick = { tenant: 'active', auth: true, rateLimit: 'work' } as const;
const security = [{ bearer: [] }];
const tags = ['payments'];
const NoContent = z.null().describe('No content');
const CARDS = '/payments/v1/cards';

const NOT_AVAILABLE =
  "409 CARDS_NOT_AVAILABLE where the brand has not turned saved cards on (web settings' cardActive) or has no Click account for card tokens.";
const PROVIDER = '502 CARD_PROVIDER_FAILED when Click does not answer (10 s) or answers something else than its API.';

/**
 * The signed-in customer's saved cards (docs/spec-index.md section 2, /profile/cards, /profile/cards/create, /profile/cards/confirm),
 * kept at the brand's Click account through Click's card-token API (docs/protocols.md 2.8). The card number and CVV are
 * never stored, logged or answered.
 */
export const cardsRoutes: FastifyPluginAsyncZod<{ service: CardsService }> = async (app, { service }) => {
  app.get(
    CARDS,
    {
      config: { tenant: 'active', auth: true },
      schema: {
        tags,
        security,
        summary: "The customer's saved cards, newest first: masked number, expiry, scheme and provider, never the token",
        description:
          'Only verified cards. Answers where the brand has turned cards off as well, so a customer can always see and delete what is kept.',
        response: { 200: z.array(SavedCard), ...errors },
      },
    },
    async (request) => service.list(customerOf(request)),
  );

  app.post(
    CARDS,
    {
      config: asksClick,
      schema: {
        tags,
        security,
        summary: "Save a card: Click sends an SMS code to the card's phone; confirm it with /payments/v1/cards/{id}/verify",
        description:
          'The number (16 digits, Luhn) and the expiry (MMYY, not past) are checked before Click is asked: 400 CARD_NUMBER_INVALID, 400 CARD_EXPIRY_INVALID ' +
          "(details.problem FORMAT or EXPIRED). Click refusing the card answers 400 CARD_INVALID (details.providerCode, Click's error_code). 409 CARD_LIMIT " +
          'beyond 10 saved cards; 429 RATE_LIMITED (details.per "customer", retryAfterSeconds) beyond 5 cards asked for in an hour. ' +
          `${NOT_AVAILABLE} ${PROVIDER} 201 with the pending card's id, the phone as Click masks it and the code's length.`,
        body: CardCreateRequest,
        response: { 201: CardCreateResponse, ...errors, 429: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(customerOf(request), request.body)),
  );

  app.post(
    `${CARDS}/:id/verify`,
    {
      config: asksClick,
      schema: {
        tags,
        security,
        summary: 'Confirm a pending card with the SMS code Click sent: the card is then listed and can pay',
        description:
          '400 CARD_CODE_INVALID (details.attemptsLeft) for a wrong or expired code; after 5 wrong codes the card is dropped (then 404). A card already ' +
          `verified answers itself again. Another customer's card answers 404 NOT_FOUND. ${NOT_AVAILABLE} ${PROVIDER}`,
        params: CardIdParams,
        body: CardVerifyRequest,
        response: { 200: SavedCard, ...errors, 502: ErrorResponse },
      },
    },
    async (request) => service.verify(customerOf(request), request.params.id, request.body.code),
  );

  app.delete(
    `${CARDS}/:id`,
    {
      config: asksClick,
      schema: {
        tags,
        security,
        summary: 'Delete a saved (or pending) card: its token at Click, then here',
        description: `Another customer's card answers 404 NOT_FOUND, as a missing one does. ${PROVIDER} (then nothing is deleted)`,
        params: CardIdParams,
        response: { 204: NoContent, ...errors, 502: ErrorResponse },
      },
    },
    async (request, reply) => {
      await service.remove(customerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${CARDS}/:id/pay`,
    {
      config: asksClick,
      schema: {
        tags,
        security,
        summary: "Pay one of the customer's orders awaiting a Click payment with a saved card; answers the order, paid and OPEN",
        description:
          "The order must be the customer's (else 404), chosen for Click at checkout (else 409 PAYMENT_TYPE_NOT_ALLOWED) and awaiting payment: an order " +
          "already paid, cancelled or accepted answers 409 ORDER_STATUS_CONFLICT and Click is not asked. Click's card_token/payment takes the order's total; " +
          'the order is paid (CREATED → OPEN, or AT_TIME when scheduled) in the same transaction that records the payment. 402 CARD_PAYMENT_FAILED ' +
          '(details.providerCode or paymentStatus) when Click declines it (e.g. insufficient funds): the order stays unpaid and may be paid again. ' +
          '409 CARD_PAYMENT_PENDING while an earlier payment of the order is under way or unconfirmed (asking again checks with Click). ' +
          `${NOT_AVAILABLE} ${PROVIDER} (then the payment counts as under way: its outcome is unknown).`,
        params: CardIdParams,
        body: CardPayRequest,
        response: { 200: Order, ...errors, 402: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => service.pay(customerOf(request), request.params.id, request.body.orderId),
  );
};
