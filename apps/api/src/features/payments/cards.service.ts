import { randomUUID } from 'node:crypto';
import { AppError, DEFAULT_TIME_ZONE, zonedDay, type Order } from '@dasturxon/domain';
import {
  CARD_CODE_LENGTH,
  cardExpiryProblem,
  cardTypeOf,
  expiryShown,
  luhnValid,
  maskCardNumber,
  normalizeCardNumber,
  type CardCreateRequest,
  type CardCreateResponse,
  type SavedCard,
} from '@dasturxon/domain/contracts';
import { createSecretBox, DEV_PAYMENT_SECRETS_KEY, type Db } from '@dasturxon/db';
import type { OrdersService } from '../orders/index.ts';
import {
  CLICK_MERCHANT_TIMEOUT_MS,
  createClickMerchantClient,
  type ClickMerchantAccount,
  type ClickMerchantClient,
} from './click-merchant.client.ts';
import { createCardsRepository, type CardPaymentRecord, type SavedCardRecord } from './cards.repository.ts';
import type { PaymentsCore, PaymentsServiceDeps } from './payments.core.ts';
import { createPaymentsRepository } from './payments.repository.ts';

/** Verified cards a customer may keep at one brand. */
export const MAX_SAVED_CARDS = 10;
/** Cards a customer may ask Click for in an hour: each is an SMS, and a card-number oracle must stay slow. */
export const CARD_REQUESTS_PER_HOUR = 5;
/** Wrong SMS codes before a pending card is dropped (its token deleted at Click). */
export const CARD_CODE_TRIES = 5;

const HOUR_MS = 60 * 60 * 1000;

/** Click Pass payment_status (docs/protocols.md 2.8): < 0 failed, 0 created, 1 processing, 2 success. */
const PAID = 2;

/** The signed-in customer a call is made for. */
export interface CardCustomer {
  merchantId: string;
  id: string;
}

export interface CardsServiceDeps extends PaymentsServiceDeps {
  orders: Pick<OrdersService, 'forPayment' | 'markPaid' | 'markPaidByBill' | 'cancelForPayment' | 'paymentRefused' | 'get'>;
  /** CLICK_MERCHANT_API_URL. */
  clickApiUrl: string;
  /** Click's Merchant API client; built from clickApiUrl unless given. */
  click?: ClickMerchantClient;
}

/**
 * Saved cards (issue 14; decision 009, "Saved cards"): the signed-in customer saves a card at the brand's Click
 * account (card_token/request, then card_token/verify with the SMS code Click sent), lists and deletes it, and pays
 * an order with it (card_token/payment). Only Click's token (sealed), the masked number and the expiry are kept.
 *
 * Paying never holds a database lock while Click is asked: the attempt is claimed (the order locked, one PENDING
 * attempt per order), Click is called, then the order is paid in one transaction with it locked again, the
 * attempt and Click's ledger (`click_transactions`, click_trans_id = Click's payment_id) written beside it. Click's
 * SHOP API may call Prepare and Complete for the same payment meanwhile or later: what it finds decides (below).
 */
/**
 * How long a card payment whose answer was lost may still be on its way at Click: past it, a payment Click cannot
 * find for the order was never made (Click pays card tokens at once; the client gives up after its timeout).
 */
export const LOST_PAYMENT_GRACE_MS = 5 * 60_000;

export function createCardsService(deps: CardsServiceDeps, core: PaymentsCore) {
  const { db, clock, log, orders } = deps;
  const box = createSecretBox(deps.secretsKey ?? DEV_PAYMENT_SECRETS_KEY);
  const click = deps.click ?? createClickMerchantClient({ baseUrl: deps.clickApiUrl, clock, log });
  const repo = createCardsRepository(db);

  const tokenContext = (merchantId: string, cardId: string) => `saved_cards/${merchantId}/${cardId}`;
  const sealToken = (merchantId: string, cardId: string, token: string) => box.seal(token, tokenContext(merchantId, cardId));
  /** The card's token in the clear; null when it does not open (PAYMENT_SECRETS_KEY changed, or copied from another row). */
  function openedToken(card: SavedCardRecord): string | null {
    if (!card.token) return null;
    try {
      return box.open(card.token, tokenContext(card.merchantId, card.id));
    } catch {
      log.error({ merchantId: card.merchantId, cardId: card.id }, 'a saved card token does not open with PAYMENT_SECRETS_KEY');
      return null;
    }
  }
  function tokenOf(card: SavedCardRecord): string {
    const token = openedToken(card);
    if (token === null) throw new AppError('CARD_INVALID', { reason: 'TOKEN' });
    return token;
  }

  const present = (card: SavedCardRecord): SavedCard => ({
    id: card.id,
    number: card.maskedNumber,
    expire: card.expiry,
    type: cardTypeOf(card.maskedNumber.slice(0, 4)),
    provider: card.provider,
    isVerified: card.state === 'VERIFIED',
    createdAt: card.createdAt.toISOString(),
  });

  /** The brand's Click account for card tokens; null when it has none (or no merchant user id to sign with). */
  async function clickAccount(merchantId: string): Promise<ClickMerchantAccount | null> {
    const credentials = await core.credentialsOf(merchantId, 'CLICK');
    if (!credentials?.serviceId || !credentials.merchantUserId || !credentials.secretKey) return null;
    return { serviceId: credentials.serviceId, merchantUserId: credentials.merchantUserId, secretKey: credentials.secretKey };
  }

  /** Saving and paying need the brand's cardActive and its Click account. */
  async function activeAccount(merchantId: string): Promise<ClickMerchantAccount> {
    const account = (await repo.cardActive(merchantId)) ? await clickAccount(merchantId) : null;
    if (!account) throw new AppError('CARDS_NOT_AVAILABLE');
    return account;
  }

  async function ownCard(customer: CardCustomer, id: string): Promise<SavedCardRecord> {
    const card = await repo.own(customer.merchantId, customer.id, id);
    if (!card) throw new AppError('NOT_FOUND');
    return card;
  }

  /** Deletes a token at Click where a failure changes nothing for the customer (a dropped pending card). */
  async function forgetAtClick(account: ClickMerchantAccount, card: SavedCardRecord, token: string): Promise<void> {
    try {
      const answer = await click.deleteCardToken(account, token);
      if (!answer.ok) log.warn({ cardId: card.id, providerCode: answer.errorCode }, 'click kept a dropped card token');
    } catch {
      log.warn({ cardId: card.id }, 'click was not reached to delete a dropped card token');
    }
  }

  /**
   * Click took the money (payment_status 2): the order is paid in one transaction with it locked. Three cases:
   * - Click's SHOP API completed this very payment already (Prepare and Complete with click_trans_id = payment_id,
   *   sent while the card payment was under way): the attempt is PAID, nothing is paid twice;
   * - the order still awaits payment (a PREPARED row of this payment is completed, or a COMPLETED row written):
   *   `markPaid`, and a later Prepare or Complete for it answers Click's -4 "Already paid";
   * - the order can no longer take it (paid by another payment, cancelled meanwhile): the money goes back through
   *   payment/reversal and the answer is ORDER_STATUS_CONFLICT.
   */
  async function settlePaid(
    customer: CardCustomer,
    account: ClickMerchantAccount,
    attempt: CardPaymentRecord,
    paymentId: string,
  ): Promise<Order> {
    const { merchantId } = customer;
    const now = clock.now();
    const outcome = await core.transaction(async (tx: Db) => {
      const { order } = await core.lockOrder(tx, merchantId, attempt.orderId);
      const cards = createCardsRepository(tx);
      const row = await cards.payment(merchantId, attempt.id, true);
      if (!row || row.state !== 'PENDING') return { kind: row?.state === 'PAID' ? ('paid' as const) : ('gone' as const), order };
      const ledger = createPaymentsRepository(tx);
      const shop = await ledger.clickFind(merchantId, paymentId, true);
      const sameOrder = shop !== null && shop.orderId === order.id;
      const finish = () =>
        cards.updatePayment(merchantId, attempt.id, { state: 'PAID', clickPaymentId: paymentId, paymentStatus: PAID, finishedAt: now });

      if (sameOrder && shop.state === 'COMPLETED') {
        await finish();
        return { kind: 'paid' as const, order };
      }
      if (core.awaitingPayment(order) && (shop === null || (sameOrder && shop.state === 'PREPARED'))) {
        await core.pay(tx, order, `Click card ${paymentId}`);
        if (shop) await ledger.clickUpdate(merchantId, shop.id, { state: 'COMPLETED', completedAt: now });
        else {
          await ledger.clickInsert({
            merchantId,
            clickTransId: paymentId,
            clickPaydocId: '',
            orderId: order.id,
            amount: attempt.amount,
            state: 'COMPLETED',
            preparedAt: now,
            completedAt: now,
          });
        }
        await finish();
        return { kind: 'paid' as const, order };
      }
      // Stays PENDING (the order's card payments wait) until Click has answered the reversal.
      await cards.updatePayment(merchantId, attempt.id, { clickPaymentId: paymentId, paymentStatus: PAID });
      return { kind: 'reverse' as const, order };
    });

    if (outcome.kind === 'paid') return orders.get(customer, attempt.orderId);
    if (outcome.kind === 'gone') throw new AppError('ORDER_STATUS_CONFLICT', { from: outcome.order.status, action: 'PAY' });
    let reversed = false;
    try {
      const answer = await click.reversePayment(account, paymentId);
      reversed = answer.ok;
      if (!answer.ok)
        log.error(
          { orderId: attempt.orderId, cardPaymentId: attempt.id, providerCode: answer.errorCode },
          'click refused to reverse a card payment',
        );
    } catch {
      log.error({ orderId: attempt.orderId, cardPaymentId: attempt.id }, 'click was not reached to reverse a card payment');
    }
    await repo.updatePayment(merchantId, attempt.id, { state: reversed ? 'REFUNDED' : 'REFUND_FAILED', finishedAt: clock.now() });
    if (!reversed)
      log.error(
        { orderId: attempt.orderId, cardPaymentId: attempt.id, paymentId },
        'card payment: money taken for an order that could not be paid and not given back; settle it with Click',
      );
    throw new AppError('ORDER_STATUS_CONFLICT', { from: outcome.order.status, action: 'PAY', refunded: reversed });
  }

  /** Click declined: the attempt is FAILED and the order stays unpaid, free for another try. */
  async function declined(
    merchantId: string,
    attempt: CardPaymentRecord,
    change: { clickError?: number; paymentStatus?: number; clickPaymentId?: string | null },
  ): Promise<never> {
    await repo.updatePayment(merchantId, attempt.id, {
      state: 'FAILED',
      finishedAt: clock.now(),
      ...(change.clickError !== undefined ? { clickError: change.clickError } : {}),
      ...(change.paymentStatus !== undefined ? { paymentStatus: change.paymentStatus } : {}),
      ...(change.clickPaymentId ? { clickPaymentId: change.clickPaymentId } : {}),
    });
    throw new AppError('CARD_PAYMENT_FAILED', {
      ...(change.clickError !== undefined ? { providerCode: change.clickError } : {}),
      ...(change.paymentStatus !== undefined ? { paymentStatus: change.paymentStatus } : {}),
    });
  }

  /**
   * A PENDING attempt whose answer never came (a timeout, a dropped connection): Click is asked for the payment it
   * made for the order that day (`payment/status_by_mti`). Found, it is settled as any; not found once the attempt is
   * older than LOST_PAYMENT_GRACE_MS, Click never took the money and the attempt fails, so the customer may pay again.
   */
  async function findLost(customer: CardCustomer, account: ClickMerchantAccount, attempt: CardPaymentRecord): Promise<Order> {
    const found = await click.paymentByOrder(account, attempt.orderId, zonedDay(attempt.createdAt, DEFAULT_TIME_ZONE));
    if (found.ok && found.paymentId) {
      await repo.updatePayment(customer.merchantId, attempt.id, { clickPaymentId: found.paymentId, paymentStatus: found.paymentStatus });
      return resume(customer, account, { ...attempt, clickPaymentId: found.paymentId });
    }
    if (!found.ok && clock.now().getTime() - attempt.createdAt.getTime() > LOST_PAYMENT_GRACE_MS) {
      return declined(customer.merchantId, attempt, { clickError: found.errorCode });
    }
    throw new AppError('CARD_PAYMENT_PENDING', { orderId: attempt.orderId });
  }

  /**
   * A PENDING attempt: asks Click where its payment stands, by its payment_id, else (its answer never came) by our
   * order id, once the attempt is older than the client's timeout, so it cannot be another request's call in flight.
   */
  async function resume(customer: CardCustomer, account: ClickMerchantAccount, attempt: CardPaymentRecord): Promise<Order> {
    if (!attempt.clickPaymentId) {
      if (clock.now().getTime() - attempt.createdAt.getTime() <= CLICK_MERCHANT_TIMEOUT_MS)
        throw new AppError('CARD_PAYMENT_PENDING', { orderId: attempt.orderId });
      return findLost(customer, account, attempt);
    }
    const status = await click.paymentStatus(account, attempt.clickPaymentId);
    if (status.ok && status.paymentStatus === PAID) return settlePaid(customer, account, attempt, attempt.clickPaymentId);
    if (status.ok && status.paymentStatus !== null && status.paymentStatus < 0)
      return declined(customer.merchantId, attempt, { paymentStatus: status.paymentStatus });
    if (status.ok && status.paymentStatus !== null)
      await repo.updatePayment(customer.merchantId, attempt.id, { paymentStatus: status.paymentStatus });
    throw new AppError('CARD_PAYMENT_PENDING', { orderId: attempt.orderId });
  }

  return {
    /** The customer's verified cards, newest first (also where the brand has turned cards off: they can still delete them). */
    async list(customer: CardCustomer): Promise<SavedCard[]> {
      return (await repo.verified(customer.merchantId, customer.id)).map(present);
    },

    /**
     * Saves a card: checked here (16 digits, Luhn, expiry) before Click is asked; Click sends the SMS code to the
     * card's phone and answers a token, kept sealed with the card PENDING until the code comes back.
     */
    async add(customer: CardCustomer, body: CardCreateRequest): Promise<CardCreateResponse> {
      const account = await activeAccount(customer.merchantId);
      const now = clock.now();
      const digits = normalizeCardNumber(body.cardNumber);
      if (!digits || !luhnValid(digits)) throw new AppError('CARD_NUMBER_INVALID', { field: 'cardNumber' });
      const expiryProblem = cardExpiryProblem(body.expireDate, now);
      if (expiryProblem) throw new AppError('CARD_EXPIRY_INVALID', { field: 'expireDate', problem: expiryProblem });

      if ((await repo.verified(customer.merchantId, customer.id)).length >= MAX_SAVED_CARDS)
        throw new AppError('CARD_LIMIT', { max: MAX_SAVED_CARDS });
      const asked = await repo.requestedSince(customer.merchantId, customer.id, new Date(now.getTime() - HOUR_MS));
      if (asked.length >= CARD_REQUESTS_PER_HOUR) {
        const freesAt = asked[asked.length - CARD_REQUESTS_PER_HOUR]!.getTime() + HOUR_MS;
        throw new AppError('RATE_LIMITED', {
          per: 'customer',
          limit: CARD_REQUESTS_PER_HOUR,
          windowSeconds: HOUR_MS / 1000,
          retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
        });
      }

      const answer = await click.requestCardToken(account, { cardNumber: digits, expireDate: body.expireDate });
      if (!answer.ok) throw new AppError('CARD_INVALID', { providerCode: answer.errorCode });
      const id = randomUUID();
      await repo.insert({
        id,
        merchantId: customer.merchantId,
        userId: customer.id,
        provider: 'CLICK',
        token: sealToken(customer.merchantId, id, answer.cardToken),
        maskedNumber: maskCardNumber(digits),
        expiry: expiryShown(body.expireDate),
        state: 'PENDING',
        createdAt: now,
      });
      return { cardId: id, phone: answer.phone, codeLength: CARD_CODE_LENGTH };
    },

    /** The SMS code for a pending card (card_token/verify); a verified card answers itself again. */
    async verify(customer: CardCustomer, id: string, code: string): Promise<SavedCard> {
      const account = await activeAccount(customer.merchantId);
      const card = await ownCard(customer, id);
      if (card.state === 'VERIFIED') return present(card);
      const token = tokenOf(card);
      const answer = await click.verifyCardToken(account, token, code);
      if (!answer.ok) {
        const attemptsLeft = await db.transaction(async (tx) => {
          const cards = createCardsRepository(tx);
          const locked = await cards.own(customer.merchantId, customer.id, id, true);
          if (!locked || locked.state !== 'PENDING') return 0;
          const wrong = locked.wrongCodes + 1;
          if (wrong >= CARD_CODE_TRIES) await cards.markDeleted(customer.merchantId, id, clock.now());
          else await cards.setWrongCodes(customer.merchantId, id, wrong);
          return Math.max(0, CARD_CODE_TRIES - wrong);
        });
        if (attemptsLeft === 0) await forgetAtClick(account, card, token);
        throw new AppError('CARD_CODE_INVALID', { attemptsLeft, providerCode: answer.errorCode });
      }
      const verified = await repo.verify(customer.merchantId, id, clock.now());
      if (verified) return present(verified);
      // Verified (or deleted) by another call meanwhile.
      const again = await ownCard(customer, id);
      return present(again);
    },

    /**
     * Deletes a card, pending or verified: its token at Click first (a Click that cannot be reached changes
     * nothing, 502), then here. Works where the brand has turned cards off too; without a Click account the card is
     * only forgotten here.
     */
    async remove(customer: CardCustomer, id: string): Promise<void> {
      const card = await ownCard(customer, id);
      const account = await clickAccount(customer.merchantId);
      // A token sealed under another key cannot be named to Click any more: it is only forgotten here.
      const token = openedToken(card);
      if (account && token) {
        const answer = await click.deleteCardToken(account, token);
        // Click no longer knows the token (deleted there, or expired): it is gone either way.
        if (!answer.ok) log.warn({ cardId: card.id, providerCode: answer.errorCode }, 'click did not delete a card token; forgotten here');
      }
      await repo.markDeleted(customer.merchantId, id, clock.now());
    },

    /**
     * Pays one of the customer's orders awaiting a Click payment with a verified card. 409 ORDER_STATUS_CONFLICT for
     * an order that is paid or no longer awaits payment (Click is not asked), 409 CARD_PAYMENT_PENDING while another
     * attempt is under way, 402 CARD_PAYMENT_FAILED when Click declines (the order stays unpaid), 502
     * CARD_PROVIDER_FAILED when Click's answer is lost (the attempt stays PENDING: no second debit is risked).
     */
    async pay(customer: CardCustomer, cardId: string, orderId: string): Promise<Order> {
      const account = await activeAccount(customer.merchantId);
      const card = await ownCard(customer, cardId);
      if (card.state !== 'VERIFIED') throw new AppError('NOT_FOUND');
      // Opened before the claim: a token that does not open must not leave an attempt PENDING.
      const cardToken = tokenOf(card);
      const now = clock.now();

      const claim = await core.transaction(async (tx: Db) => {
        const found = await orders.forPayment(tx, customer.merchantId, orderId);
        if (!found || found.order.userId !== customer.id) throw new AppError('NOT_FOUND');
        const { order } = found;
        if (!core.payableBy(order, 'CLICK')) throw new AppError('PAYMENT_TYPE_NOT_ALLOWED', { paymentType: order.paymentType });
        if (!core.awaitingPayment(order))
          throw new AppError('ORDER_STATUS_CONFLICT', { from: order.status, action: 'PAY', isPaid: order.isPaid });
        if (core.tiyinOf(order) <= 0) throw new AppError('ORDER_STATUS_CONFLICT', { from: order.status, action: 'PAY' });
        const cards = createCardsRepository(tx);
        const live = await cards.livePayment(customer.merchantId, order.id, true);
        if (live) return { kind: 'resume', attempt: live } as const;
        const attempt = await cards.insertPayment({
          merchantId: customer.merchantId,
          orderId: order.id,
          cardId: card.id,
          userId: customer.id,
          amount: core.tiyinOf(order),
          state: 'PENDING',
          createdAt: now,
        });
        return { kind: 'new', attempt, sums: order.totalPrice } as const;
      });
      if (claim.kind === 'resume') return resume(customer, account, claim.attempt);
      const { attempt, sums } = claim;

      let answer: Awaited<ReturnType<ClickMerchantClient['payWithCardToken']>>;
      try {
        answer = await click.payWithCardToken(account, { cardToken, amount: sums, transactionParameter: attempt.orderId });
      } catch (error) {
        // Whether Click took the money is unknown: the attempt stays PENDING, so no second debit is risked.
        log.error({ orderId, cardPaymentId: attempt.id }, 'card payment: no answer from Click; the attempt stays PENDING');
        throw error;
      }
      if (!answer.ok) return declined(customer.merchantId, attempt, { clickError: answer.errorCode });
      if (answer.paymentStatus === PAID && answer.paymentId) return settlePaid(customer, account, attempt, answer.paymentId);
      if (answer.paymentStatus !== null && answer.paymentStatus < 0)
        return declined(customer.merchantId, attempt, { paymentStatus: answer.paymentStatus, clickPaymentId: answer.paymentId });
      // Created or processing: the next pay call asks Click where it stands (payment/status).
      await repo.updatePayment(customer.merchantId, attempt.id, { clickPaymentId: answer.paymentId, paymentStatus: answer.paymentStatus });
      throw new AppError('CARD_PAYMENT_PENDING', { orderId });
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
