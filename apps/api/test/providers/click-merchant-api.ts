import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Click's Merchant API, played from Click's side (docs/protocols.md 2.8) on a real HTTP server on 127.0.0.1: it checks
 * the `Auth` header (`{merchant_user_id}:{sha1(timestamp + secret_key)}:{timestamp}`) against the service's
 * account, and answers card_token/request (a token and a masked phone; the SMS code it "sent" is kept for the
 * test), card_token/verify, card_token/payment, DELETE card_token, payment/status, payment/status_by_mti and payment/reversal with
 * `error_code` (0 = ok). The error codes it refuses with are its own (Click documents few): the server under test
 * must not depend on their values.
 */

export interface FakeClickService {
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
}

export interface FakeCard {
  token: string;
  serviceId: string;
  cardNumber: string;
  expireDate: string;
  code: string;
  verified: boolean;
  deleted: boolean;
}

export interface FakePayment {
  paymentId: number;
  serviceId: string;
  token: string;
  amount: number;
  transactionParameter: string;
  status: number;
  reversed: boolean;
}

/** A call as it arrived: its name (`card_token/request`, …), not its body. */
export interface FakeCall {
  name: string;
  authorized: boolean;
}

/** What the next card_token/payment answers instead of success. */
export type PaymentOutcome = { errorCode: number; errorNote?: string } | { paymentStatus: number };

export const FAKE_ERRORS = {
  AUTH: -16,
  CARD_REFUSED: -5001,
  WRONG_CODE: -5002,
  UNKNOWN_TOKEN: -5003,
  INSUFFICIENT_FUNDS: -5017,
  UNKNOWN_PAYMENT: -5004,
} as const;

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** `port`: 0 for any free one (tests); the journeys' standalone fake (e2e/providers/fake-click.ts) takes a fixed one. */
export async function startFakeClickMerchantApi(port = 0) {
  const services = new Map<string, FakeClickService>();
  const cards = new Map<string, FakeCard>();
  const payments = new Map<number, FakePayment>();
  const calls: FakeCall[] = [];
  let nextPaymentId = 3_100_000_000 + randomInt(1_000_000) * 100;
  let refuseNextCard: number | null = null;
  let nextPayment: PaymentOutcome | null = null;
  let stall = false;
  /** Drops every connection unanswered (a Click that cannot be reached). */
  let unreachable = false;
  /** The next card_token/payment fails before Click takes anything, and its answer is lost (HTTP 500). */
  let dropNextPayment = false;
  /** Runs before card_token/payment answers, with the payment_id it is about to give (to interleave other calls). */
  let onPayment: ((payment: FakePayment) => Promise<void>) | null = null;

  function authorized(header: string | undefined, serviceId: string): boolean {
    const service = services.get(serviceId);
    const match = /^([^:]+):([0-9a-f]{40}):(\d{10})$/.exec(header ?? '');
    return !!service && !!match && match[1] === service.merchantUserId && match[2] === sha1(`${match[3]}${service.secretKey}`);
  }

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (!chunks.length) return {};
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  const send = (response: ServerResponse, status: number, body: Record<string, unknown>) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const ok = (response: ServerResponse, body: Record<string, unknown> = {}) =>
    send(response, 200, { error_code: 0, error_note: 'Success', ...body });
  const refuse = (response: ServerResponse, errorCode: number, errorNote: string, more: Record<string, unknown> = {}) =>
    send(response, 200, { error_code: errorCode, error_note: errorNote, ...more });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    // The journeys read the code "sent" to the card's phone here, as a person reads their SMS (not part of Click's API).
    if (request.method === 'GET' && url.pathname === '/__journeys/last-code') {
      const card = [...cards.values()].at(-1);
      send(response, 200, { code: card?.code ?? null, number: card ? `****${card.cardNumber.slice(-4)}` : null });
      return;
    }
    // The journeys tell it of a payment made through Click's SHOP API (they play Prepare and Complete themselves).
    if (request.method === 'POST' && url.pathname === '/__journeys/shop-payment') {
      const body = await readJson(request);
      addShopPayment({
        paymentId: String(body.paymentId),
        serviceId: String(body.serviceId),
        amount: Number(body.amount),
        orderId: String(body.orderId),
      });
      send(response, 200, { ok: true });
      return;
    }
    const parts = url.pathname
      .replace(/^\/v2\/merchant\//, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const body = request.method === 'POST' ? await readJson(request) : {};
    // POST card_token/request … with the service in the body; DELETE card_token/:service_id/:card_token;
    // GET payment/status/:service_id/:payment_id and DELETE payment/reversal/:service_id/:payment_id.
    const tokenPath = request.method === 'DELETE' && parts[0] === 'card_token';
    const head = tokenPath ? 1 : 2;
    const route = `${request.method} ${parts.slice(0, head).join('/')}`;
    const name = tokenPath ? 'card_token/delete' : parts.slice(0, 2).join('/');
    const serviceId = String(request.method === 'POST' ? body.service_id : parts[head]);
    const subject = parts[head + 1] ?? '';
    const auth = authorized(request.headers.auth as string | undefined, serviceId);
    calls.push({ name, authorized: auth });
    if (stall) return; // never answers: the client's timeout must end the call
    if (unreachable) {
      request.socket.destroy();
      return;
    }
    if (
      request.headers['content-type'] !== undefined &&
      request.method === 'POST' &&
      !String(request.headers['content-type']).startsWith('application/json')
    ) {
      return send(response, 415, { error_code: -8, error_note: 'JSON expected' });
    }
    if (!auth) return send(response, 401, { error_code: FAKE_ERRORS.AUTH, error_note: 'Authorization failed' });

    switch (route) {
      case 'POST card_token/request': {
        const cardNumber = String(body.card_number ?? '');
        if (!/^\d{16}$/.test(cardNumber) || !/^\d{4}$/.test(String(body.expire_date ?? '')))
          return refuse(response, -8, 'Error in request');
        if (refuseNextCard !== null) {
          const code = refuseNextCard;
          refuseNextCard = null;
          return refuse(response, code, 'Card not found');
        }
        const token = `${randomBytes(8).toString('hex').toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
        const code = String(randomInt(100_000, 1_000_000));
        cards.set(token, { token, serviceId, cardNumber, expireDate: String(body.expire_date), code, verified: false, deleted: false });
        return ok(response, { card_token: token, phone_number: '99890***4567', temporary: Number(body.temporary ?? 0) });
      }
      case 'POST card_token/verify': {
        const card = cards.get(String(body.card_token ?? ''));
        if (!card || card.deleted || card.serviceId !== serviceId)
          return refuse(response, FAKE_ERRORS.UNKNOWN_TOKEN, 'Card token not found');
        if (String(body.sms_code ?? '') !== card.code) return refuse(response, FAKE_ERRORS.WRONG_CODE, 'Wrong SMS code');
        card.verified = true;
        return ok(response, {
          card_number: `${card.cardNumber.slice(0, 4)} ${card.cardNumber.slice(4, 6)}** **** ${card.cardNumber.slice(-4)}`,
        });
      }
      case 'POST card_token/payment': {
        if (dropNextPayment) {
          dropNextPayment = false;
          return send(response, 500, { error_code: -500, error_note: 'Internal error' });
        }
        const card = cards.get(String(body.card_token ?? ''));
        if (!card || card.deleted || !card.verified || card.serviceId !== serviceId)
          return refuse(response, FAKE_ERRORS.UNKNOWN_TOKEN, 'Card token not found');
        const amount = Number(body.amount);
        if (!(amount > 0)) return refuse(response, -2, 'Incorrect parameter amount');
        const outcome = nextPayment;
        nextPayment = null;
        if (outcome && 'errorCode' in outcome) return refuse(response, outcome.errorCode, outcome.errorNote ?? 'Payment declined');
        const payment: FakePayment = {
          paymentId: ++nextPaymentId,
          serviceId,
          token: card.token,
          amount,
          transactionParameter: String(body.transaction_parameter ?? ''),
          status: outcome ? outcome.paymentStatus : 2,
          reversed: false,
        };
        payments.set(payment.paymentId, payment);
        if (onPayment) await onPayment(payment);
        return ok(response, { payment_id: payment.paymentId, payment_status: payment.status });
      }
      case 'DELETE card_token': {
        const card = cards.get(subject);
        if (!card || card.deleted || card.serviceId !== serviceId)
          return refuse(response, FAKE_ERRORS.UNKNOWN_TOKEN, 'Card token not found');
        card.deleted = true;
        return ok(response);
      }
      case 'GET payment/status': {
        const payment = payments.get(Number(subject));
        if (!payment || payment.serviceId !== serviceId) return refuse(response, FAKE_ERRORS.UNKNOWN_PAYMENT, 'Payment not found');
        return ok(response, { payment_id: payment.paymentId, payment_status: payment.status });
      }
      case 'GET payment/status_by_mti': {
        // The day is not checked: the fake keeps one day of payments.
        const payment = [...payments.values()].filter((p) => p.serviceId === serviceId && p.transactionParameter === subject).at(-1);
        if (!payment) return refuse(response, FAKE_ERRORS.UNKNOWN_PAYMENT, 'Payment not found');
        return ok(response, { payment_id: payment.paymentId, merchant_trans_id: subject, payment_status: payment.status });
      }
      case 'DELETE payment/reversal': {
        const payment = payments.get(Number(subject));
        if (!payment || payment.serviceId !== serviceId || payment.status !== 2 || payment.reversed)
          return refuse(response, FAKE_ERRORS.UNKNOWN_PAYMENT, 'Payment cannot be reversed');
        payment.reversed = true;
        return ok(response, { payment_id: payment.paymentId });
      }
      default:
        return send(response, 404, { error_code: -3, error_note: 'Action not found' });
    }
  }

  /** A payment Click made through its SHOP API: Click's payment_id is the click_paydoc_id it sent. */
  function addShopPayment(payment: { paymentId: number | string; serviceId: string; amount: number; orderId: string }) {
    payments.set(Number(payment.paymentId), {
      paymentId: Number(payment.paymentId),
      serviceId: payment.serviceId,
      token: '',
      amount: payment.amount,
      transactionParameter: payment.orderId,
      status: 2,
      reversed: false,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { error_code: -500, error_note: 'Internal error' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;

  return {
    /** CLICK_MERCHANT_API_URL for the app under test. */
    url: `http://127.0.0.1:${bound}/v2/merchant/`,
    addService(service: FakeClickService) {
      services.set(service.serviceId, service);
    },
    /** The SMS code "sent" for a token, or for the latest card asked for. */
    lastCode(token?: string): string {
      const card = token ? cards.get(token) : [...cards.values()].at(-1);
      if (!card) throw new Error('no card was asked for');
      return card.code;
    },
    /** The latest card asked for (its token and the number Click was sent). */
    lastCard(): FakeCard {
      const card = [...cards.values()].at(-1);
      if (!card) throw new Error('no card was asked for');
      return card;
    },
    card: (token: string) => cards.get(token),
    cards: () => [...cards.values()],
    payments: () => [...payments.values()],
    payment: (paymentId: number | string) => payments.get(Number(paymentId)),
    /** Calls of one name (`card_token/payment`, …), or all of them. */
    calls: (name?: string) => calls.filter((c) => name === undefined || c.name === name),
    refuseNextCard(errorCode: number = FAKE_ERRORS.CARD_REFUSED) {
      refuseNextCard = errorCode;
    },
    /** The next card_token/payment is declined (`errorCode`) or answers this payment_status. */
    nextPayment(outcome: PaymentOutcome) {
      nextPayment = outcome;
    },
    /** Click settles a payment it answered "processing" for. */
    setPaymentStatus(paymentId: number | string, status: number) {
      const payment = payments.get(Number(paymentId));
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
    },
    onPayment(hook: ((payment: FakePayment) => Promise<void>) | null) {
      onPayment = hook;
    },
    /** The next card payment is lost before Click takes anything (its caller sees an HTTP 500). */
    dropNextPayment() {
      dropNextPayment = true;
    },
    /**
     * A payment Click made through its SHOP API (Prepare and Complete): Click's payment_id is the click_paydoc_id it
     * sent, so payment/status and payment/reversal know it.
     */
    addShopPayment,
    /** Drop every connection unanswered (Click cannot be reached), or answer again. */
    unreachable(on: boolean) {
      unreachable = on;
    },
    /** Stop answering (a Click that hangs). */
    stall(on: boolean) {
      stall = on;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeClickMerchantApi = Awaited<ReturnType<typeof startFakeClickMerchantApi>>;

/** A 16-digit card number with its Luhn check digit, from 15 digits. */
export function cardNumberFrom(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(first15[14 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${first15}${(10 - (sum % 10)) % 10}`;
}
