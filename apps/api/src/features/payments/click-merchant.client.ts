import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';

/*
 * Click's Merchant API (docs/protocols.md 2.8): we call Click, with JSON and the `Auth` header
 * `{merchant_user_id}:{sha1(timestamp + secret_key)}:{timestamp}`; every answer carries `error_code`, 0 for ok.
 * Only the card-token calls and the two a card payment needs to settle (payment status, reversal) are here.
 *
 * A card number goes out in one request body (card_token/request) and nowhere else: no body, no card token
 * and no answer is ever logged; a log line names the call, how long it took and Click's error_code. A failure to
 * hear Click (timeout, network, an HTTP error, an answer that is not Click's) throws CARD_PROVIDER_FAILED (502);
 * an answer with error_code ≠ 0 is handed back, since what it means depends on the call.
 */

/** From asking to the whole answer read. */
export const CLICK_MERCHANT_TIMEOUT_MS = 10_000;
export const DEFAULT_CLICK_MERCHANT_API_URL = 'https://api.click.uz/v2/merchant/';

/** What the Merchant API is called with: the brand's Click service and the user its calls are signed as. */
export interface ClickMerchantAccount {
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
}

/** Click's answer with error_code ≠ 0. */
export interface ClickRefusal {
  ok: false;
  errorCode: number;
  errorNote: string;
}

type Answer<T> = ({ ok: true } & T) | ClickRefusal;

/** The Auth header of docs/protocols.md 2.8 for a moment in unix seconds. */
export function clickMerchantAuth(merchantUserId: string, secretKey: string, timestampSeconds: number): string {
  const timestamp = String(timestampSeconds);
  const digest = createHash('sha1').update(`${timestamp}${secretKey}`, 'utf8').digest('hex');
  return `${merchantUserId}:${digest}:${timestamp}`;
}

export interface ClickMerchantClientOptions {
  /** CLICK_MERCHANT_API_URL, e.g. https://api.click.uz/v2/merchant/ */
  baseUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return null;
};
const idOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return value;
  return null;
};

export function createClickMerchantClient({
  baseUrl,
  clock,
  log,
  fetch: fetchImpl = fetch,
  timeoutMs = CLICK_MERCHANT_TIMEOUT_MS,
}: ClickMerchantClientOptions) {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;

  /** One call. `name` is what the log says (never the path: card tokens travel in some). */
  async function call(
    account: ClickMerchantAccount,
    name: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: Record<string, unknown>,
  ) {
    const started = performance.now();
    const failed = (reason: string, more: Record<string, unknown> = {}): never => {
      log.warn({ click: name, reason, ...more, ms: Math.round(performance.now() - started) }, 'click merchant api: no usable answer');
      throw new AppError('CARD_PROVIDER_FAILED', { reason, ...more });
    };
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(new URL(path, base), {
        method,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          auth: clickMerchantAuth(account.merchantUserId, account.secretKey, Math.floor(clock.now().getTime() / 1000)),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return failed(timedOut ? 'TIMEOUT' : 'NETWORK');
    }
    let answer: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
    } catch {
      answer = null;
    }
    const errorCode = numberOf(answer?.error_code);
    if (!response.ok) return failed('HTTP', { status: response.status, ...(errorCode !== null ? { providerCode: errorCode } : {}) });
    if (!answer || errorCode === null) return failed('ANSWER', { status: response.status });
    log.debug({ click: name, errorCode, ms: Math.round(performance.now() - started) }, 'click merchant api');
    if (errorCode !== 0) {
      return {
        refusal: { ok: false as const, errorCode, errorNote: typeof answer.error_note === 'string' ? answer.error_note.slice(0, 200) : '' },
        answer,
      };
    }
    return { refusal: null, answer };
  }

  const serviceIdOf = (account: ClickMerchantAccount) => numberOf(account.serviceId) ?? account.serviceId;
  const segment = (value: string) => encodeURIComponent(value);

  return {
    /** card_token/request: Click sends the card's owner an SMS code; answers the (not yet usable) token and the masked phone. */
    async requestCardToken(
      account: ClickMerchantAccount,
      card: { cardNumber: string; expireDate: string },
    ): Promise<Answer<{ cardToken: string; phone: string }>> {
      const { refusal, answer } = await call(account, 'card_token/request', 'POST', 'card_token/request', {
        service_id: serviceIdOf(account),
        card_number: card.cardNumber,
        expire_date: card.expireDate,
        temporary: 0,
      });
      if (refusal) return refusal;
      const cardToken =
        typeof answer.card_token === 'string' && answer.card_token.length > 0 && answer.card_token.length <= 500 ? answer.card_token : null;
      if (!cardToken) throw new AppError('CARD_PROVIDER_FAILED', { reason: 'ANSWER' });
      return { ok: true, cardToken, phone: typeof answer.phone_number === 'string' ? answer.phone_number.slice(0, 32) : '' };
    },

    /** card_token/verify: the SMS code the card's owner typed. */
    async verifyCardToken(account: ClickMerchantAccount, cardToken: string, smsCode: string): Promise<Answer<object>> {
      const { refusal } = await call(account, 'card_token/verify', 'POST', 'card_token/verify', {
        service_id: serviceIdOf(account),
        card_token: cardToken,
        sms_code: numberOf(smsCode) ?? smsCode,
      });
      return refusal ?? { ok: true };
    },

    /**
     * card_token/payment: `amount` in sums, `transactionParameter` our order id (Click's merchant_trans_id).
     * payment_status: 2 success, 0 created, 1 processing, < 0 failed (Click Pass codes, docs/protocols.md 2.8).
     */
    async payWithCardToken(
      account: ClickMerchantAccount,
      payment: { cardToken: string; amount: number; transactionParameter: string },
    ): Promise<Answer<{ paymentId: string | null; paymentStatus: number | null }>> {
      const { refusal, answer } = await call(account, 'card_token/payment', 'POST', 'card_token/payment', {
        service_id: serviceIdOf(account),
        card_token: payment.cardToken,
        amount: payment.amount,
        transaction_parameter: payment.transactionParameter,
      });
      if (refusal) return refusal;
      return { ok: true, paymentId: idOf(answer.payment_id), paymentStatus: numberOf(answer.payment_status) };
    },

    /** DELETE card_token/:service_id/:card_token. */
    async deleteCardToken(account: ClickMerchantAccount, cardToken: string): Promise<Answer<object>> {
      const { refusal } = await call(
        account,
        'card_token/delete',
        'DELETE',
        `card_token/${segment(account.serviceId)}/${segment(cardToken)}`,
      );
      return refusal ?? { ok: true };
    },

    /** GET payment/status/:service_id/:payment_id. */
    async paymentStatus(account: ClickMerchantAccount, paymentId: string): Promise<Answer<{ paymentStatus: number | null }>> {
      const { refusal, answer } = await call(
        account,
        'payment/status',
        'GET',
        `payment/status/${segment(account.serviceId)}/${segment(paymentId)}`,
      );
      if (refusal) return refusal;
      return { ok: true, paymentStatus: numberOf(answer.payment_status) };
    },

    /**
     * GET payment/status_by_mti/:service_id/:merchant_trans_id/:YYYY-MM-DD: the payment Click made that day for our
     * order id (a card payment whose answer never reached us). A refusal: Click knows none.
     */
    async paymentByOrder(
      account: ClickMerchantAccount,
      orderId: string,
      day: string,
    ): Promise<Answer<{ paymentId: string | null; paymentStatus: number | null }>> {
      const { refusal, answer } = await call(
        account,
        'payment/status_by_mti',
        'GET',
        `payment/status_by_mti/${segment(account.serviceId)}/${segment(orderId)}/${segment(day)}`,
      );
      if (refusal) return refusal;
      return { ok: true, paymentId: idOf(answer.payment_id), paymentStatus: numberOf(answer.payment_status) };
    },

    /** DELETE payment/reversal/:service_id/:payment_id: the money goes back (Click allows it within the month). */
    async reversePayment(account: ClickMerchantAccount, paymentId: string): Promise<Answer<object>> {
      const { refusal } = await call(
        account,
        'payment/reversal',
        'DELETE',
        `payment/reversal/${segment(account.serviceId)}/${segment(paymentId)}`,
      );
      return refusal ?? { ok: true };
    },
  };
}

export type ClickMerchantClient = ReturnType<typeof createClickMerchantClient>;
