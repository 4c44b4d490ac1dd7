import { z } from 'zod';

/*
 * Saved cards (docs/spec-index.md section 2, /profile/cards, /profile/cards/create, /profile/cards/confirm; section 3, Payment
 * card; issue 14): the signed-in customer saves a card at the brand's Click account (Click's card_token API,
 * docs/protocols.md 2.8), confirms it with the code Click sends by SMS, and pays orders with it. The card number and
 * CVV are never stored, logged or answered: the server keeps Click's token (sealed), the masked number and the
 * expiry. The rules (number, check digit, expiry, mask, scheme) are the domain's `cards.ts`, re-exported here.
 */

import { CARD_PROVIDERS, CARD_TYPES } from '../cards.ts';
export {
  CARD_CODE_LENGTH,
  CARD_PROVIDERS,
  CARD_TYPES,
  cardExpiryProblem,
  cardTypeOf,
  expiryShown,
  luhnValid,
  maskCardNumber,
  normalizeCardNumber,
} from '../cards.ts';

export const CardProvider = z.enum(CARD_PROVIDERS);
export type CardProvider = z.infer<typeof CardProvider>;
export const CardType = z.enum(CARD_TYPES);
export type CardType = z.infer<typeof CardType>;

/** `POST /payments/v1/cards`: the card to save. Checked on the server (format, Luhn, expiry) before Click is asked. */
export const CardCreateRequest = z.strictObject({
  cardNumber: z
    .string()
    .max(40)
    .describe('16 digits; spaces or dashes between groups are allowed. 400 CARD_NUMBER_INVALID for another length or a wrong check digit.'),
  expireDate: z
    .string()
    .max(8)
    .describe('The expiry as printed, `MMYY` (e.g. `0327`). 400 CARD_EXPIRY_INVALID for another format or a month that has ended.'),
});
export type CardCreateRequest = z.infer<typeof CardCreateRequest>;

/** The card is waiting for the SMS code Click sent to the phone the card is registered to. */
export const CardCreateResponse = z.object({
  cardId: z.uuid(),
  /** The card's phone as Click masks it, e.g. `99890***4567`: where the code went. */
  phone: z.string(),
  codeLength: z.number().int(),
});
export type CardCreateResponse = z.infer<typeof CardCreateResponse>;

/** `POST /payments/v1/cards/{id}/verify`. */
export const CardVerifyRequest = z.strictObject({
  code: z.string().regex(/^\d{4,8}$/, 'the digits of the SMS code'),
});
export type CardVerifyRequest = z.infer<typeof CardVerifyRequest>;

/** A saved card as the API answers it (docs/spec-index.md section 3, Payment card): never the number, the CVV or the token. */
export const SavedCard = z.object({
  id: z.uuid(),
  /** Masked: `8600 **** **** 1234`. */
  number: z.string(),
  /** `MM/YY`. */
  expire: z.string(),
  type: CardType,
  provider: CardProvider,
  isVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SavedCard = z.infer<typeof SavedCard>;

export const CardIdParams = z.object({ id: z.uuid() });

/** `POST /payments/v1/cards/{id}/pay`: one of the customer's own orders awaiting payment by Click. */
export const CardPayRequest = z.strictObject({
  orderId: z.uuid(),
});
export type CardPayRequest = z.infer<typeof CardPayRequest>;
