import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/*
 * Payme, played from Payme's side (docs/protocols.md section 1): JSON-RPC 2.0 posted as `text/json` with
 * `Authorization: Basic base64(Paycom:{key})`, transaction ids of 24 hex characters, times in ms, amounts in tiyin.
 * Like Payme's sandbox it can send a call twice and hand back both answers, to compare them byte for byte.
 */

export const PAYME_URL = '/api/payments/v1/payme';

export interface PaymeAnswer {
  status: number;
  /** The body as sent, to compare repeats byte for byte. */
  raw: string;
  body: {
    jsonrpc?: string;
    id: number | string | null;
    result?: Record<string, unknown> & {
      state?: number;
      transaction?: string;
      create_time?: number;
      perform_time?: number;
      cancel_time?: number;
    };
    error?: { code: number; message: { ru: string; uz: string; en: string }; data?: unknown };
  };
}

export const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

export function paymeProvider(app: FastifyInstance, cashbox: { key: string; login?: string }) {
  let rpcId = 1000;
  const authorization = basic(cashbox.login ?? 'Paycom', cashbox.key);

  async function send(
    payload: string,
    headers: Record<string, string> = { authorization },
    method: 'POST' | 'GET' | 'PUT' = 'POST',
  ): Promise<PaymeAnswer> {
    const res = await app.inject({
      method,
      url: PAYME_URL,
      headers: { 'content-type': 'text/json; charset=UTF-8', ...headers },
      ...(method === 'GET' ? {} : { payload }),
    });
    return { status: res.statusCode, raw: res.body, body: res.json() };
  }

  const call = (method: string, params: Record<string, unknown>, headers?: Record<string, string>) =>
    send(JSON.stringify({ method, params, id: ++rpcId }), headers);

  return {
    send,
    call,
    /** The same request twice (the sandbox's way of checking repeats): both answers. */
    async twice(method: string, params: Record<string, unknown>): Promise<[PaymeAnswer, PaymeAnswer]> {
      const payload = JSON.stringify({ method, params, id: ++rpcId });
      return [await send(payload), await send(payload)];
    },
    /** A Payme transaction id: 24 hex characters. */
    newId: () => randomBytes(12).toString('hex'),
    checkPerform: (orderId: string, amount: number) => call('CheckPerformTransaction', { amount, account: { order_id: orderId } }),
    create: (id: string, orderId: string, amount: number, time: number) =>
      call('CreateTransaction', { id, time, amount, account: { order_id: orderId } }),
    perform: (id: string) => call('PerformTransaction', { id }),
    cancel: (id: string, reason: number) => call('CancelTransaction', { id, reason }),
    check: (id: string) => call('CheckTransaction', { id }),
    statement: (from: number, to: number) => call('GetStatement', { from, to }),
  };
}

export type PaymeProvider = ReturnType<typeof paymeProvider>;
