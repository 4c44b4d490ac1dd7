import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/*
 * Click, played from Click's side (docs/protocols.md section 2): Prepare and Complete posted as
 * application/x-www-form-urlencoded, signed with MD5 over the raw strings (2.4), amounts in sums as Click writes
 * them. Each payment attempt has a click_trans_id of its own.
 */

export interface ClickAnswer {
  status: number;
  body: {
    click_trans_id: number | null;
    merchant_trans_id: string | null;
    merchant_prepare_id?: number | null;
    merchant_confirm_id?: number | null;
    error: number;
    error_note: string;
  };
}

export interface ClickCall {
  orderId: string;
  /** In sums, as Click writes it: `15000.00`. */
  amount: string;
  clickTransId: string;
  /** Click's own `error`: 0, or below 0 when Click gave up (e.g. -5017). */
  error?: number;
  merchantPrepareId?: number | string;
  /** Sign with this key instead (a forger, or another brand). */
  secretKey?: string;
  serviceId?: string;
  /** Send this action instead of the call's own. */
  action?: string;
  /** Leave fields out (a broken request). */
  omit?: string[];
}

/** Click's signature (docs/protocols.md 2.4): Prepare without, Complete with merchant_prepare_id. */
export function clickSign(f: Record<string, string>, secretKey: string): string {
  const parts = [
    f.click_trans_id,
    f.service_id,
    secretKey,
    f.merchant_trans_id,
    ...(f.merchant_prepare_id !== undefined ? [f.merchant_prepare_id] : []),
    f.amount,
    f.action,
    f.sign_time,
  ];
  return createHash('md5').update(parts.join('')).digest('hex');
}

/** Click's way of writing a sum: two decimals. */
export const clickAmount = (sums: number) => sums.toFixed(2);

export function clickProvider(app: FastifyInstance, service: { serviceId: string; secretKey: string }) {
  let next = 2_145_678_000 + Math.floor(Math.random() * 1000) * 1000;

  async function post(path: 'prepare' | 'complete', c: ClickCall): Promise<ClickAnswer> {
    const fields: Record<string, string> = {
      click_trans_id: c.clickTransId,
      service_id: c.serviceId ?? service.serviceId,
      click_paydoc_id: String(Number(c.clickTransId) + 7),
      merchant_trans_id: c.orderId,
      ...(path === 'complete' ? { merchant_prepare_id: String(c.merchantPrepareId ?? '') } : {}),
      amount: c.amount,
      action: c.action ?? (path === 'prepare' ? '0' : '1'),
      error: String(c.error ?? 0),
      error_note: c.error ? 'Error' : 'Success',
      sign_time: '2024-05-01 12:00:00',
    };
    fields.sign_string = clickSign(fields, c.secretKey ?? service.secretKey);
    for (const key of c.omit ?? []) delete fields[key];
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/v1/click/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: res.statusCode, body: res.json() };
  }

  return {
    /** A new payment attempt's click_trans_id. */
    newTransId: () => String(++next),
    prepare: (c: ClickCall) => post('prepare', c),
    complete: (c: ClickCall) => post('complete', c),
  };
}

export type ClickProvider = ReturnType<typeof clickProvider>;
