import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { basic } from './payme.ts';

/*
 * Uzum Bank, played from Uzum's side (docs/protocols.md section 3): JSON webhooks with HTTP Basic auth (the login and
 * password Uzum issued), the brand's serviceId, times in ms and amounts in tiyin.
 */

export interface UzumAnswer {
  status: number;
  body: Record<string, unknown> & {
    status?: string;
    errorCode?: string;
    transTime?: number;
    confirmTime?: number;
    reverseTime?: number;
    amount?: number;
  };
}

export function uzumProvider(
  app: FastifyInstance,
  service: { serviceId: number; login: string; password: string },
  clock: { now(): Date },
) {
  const authorization = basic(service.login, service.password);

  async function call(
    operation: string,
    body: Record<string, unknown> | string,
    headers: Record<string, string> = { authorization },
  ): Promise<UzumAnswer> {
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/v1/uzum/${operation}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  }

  const stamp = () => ({ serviceId: service.serviceId, timestamp: clock.now().getTime() });

  return {
    call,
    newTransId: () => randomUUID(),
    check: (orderId: string) => call('check', { ...stamp(), params: { orderId } }),
    create: (transId: string, orderId: string, amount: number) => call('create', { ...stamp(), transId, params: { orderId }, amount }),
    confirm: (transId: string) => call('confirm', { ...stamp(), transId, paymentSource: 'UZCARD', phone: '998901234567' }),
    reverse: (transId: string) => call('reverse', { ...stamp(), transId }),
    status: (transId: string) => call('status', { ...stamp(), transId }),
  };
}

export type UzumProvider = ReturnType<typeof uzumProvider>;
