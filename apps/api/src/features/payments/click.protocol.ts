import { createHash } from 'node:crypto';

/*
 * Click's SHOP API as data (docs/protocols.md section 2): the errors we answer, the fields of Prepare and Complete, and
 * the MD5 signature over the raw strings as they were sent.
 */

/** Every `error` we answer with its `error_note` (docs/protocols.md 2.5). */
export const CLICK_ERRORS = {
  SUCCESS: { error: 0, note: 'Success' },
  SIGN_CHECK_FAILED: { error: -1, note: 'SIGN CHECK FAILED!' },
  WRONG_AMOUNT: { error: -2, note: 'Incorrect parameter amount' },
  ACTION_NOT_FOUND: { error: -3, note: 'Action not found' },
  ALREADY_PAID: { error: -4, note: 'Already paid' },
  ORDER_NOT_FOUND: { error: -5, note: 'User does not exist' },
  TRANSACTION_NOT_FOUND: { error: -6, note: 'Transaction does not exist' },
  UPDATE_FAILED: { error: -7, note: 'Failed to update user' },
  BAD_REQUEST: { error: -8, note: 'Error in request from click' },
  CANCELLED: { error: -9, note: 'Transaction cancelled' },
} as const;

export type ClickErrorKey = keyof typeof CLICK_ERRORS;

export type ClickAction = 'prepare' | 'complete';
/** The `action` each call carries. */
export const CLICK_ACTION_CODE: Record<ClickAction, string> = { prepare: '0', complete: '1' };

/** The fields of a call, exactly as Click sent them (form fields are strings). */
export interface ClickRequest {
  click_trans_id: string;
  service_id: string;
  click_paydoc_id: string;
  merchant_trans_id: string;
  merchant_prepare_id?: string;
  amount: string;
  action: string;
  error: string;
  error_note?: string;
  sign_time: string;
  sign_string: string;
}

const DIGITS = /^\d{1,19}$/;
const INTEGER = /^-?\d{1,9}$/;
/** Sums, as Click writes them: `15000`, `15000.0` or `15000.00`. */
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/** The call's fields when each is there and well formed, else null (answered -8). */
export function readClickRequest(body: unknown, action: ClickAction): ClickRequest | null {
  if (!body || typeof body !== 'object') return null;
  const f = body as Record<string, unknown>;
  const text = (key: string) => (typeof f[key] === 'string' ? (f[key] as string) : typeof f[key] === 'number' ? String(f[key]) : null);
  const request = {
    click_trans_id: text('click_trans_id'),
    service_id: text('service_id'),
    click_paydoc_id: text('click_paydoc_id'),
    merchant_trans_id: text('merchant_trans_id'),
    amount: text('amount'),
    action: text('action'),
    error: text('error'),
    sign_time: text('sign_time'),
    sign_string: text('sign_string'),
  };
  const prepareId = text('merchant_prepare_id');
  if (Object.values(request).some((v) => v === null || v === '')) return null;
  const r = request as Omit<ClickRequest, 'merchant_prepare_id' | 'error_note'>;
  if (!DIGITS.test(r.click_trans_id) || !DIGITS.test(r.service_id) || !DIGITS.test(r.click_paydoc_id)) return null;
  if (!AMOUNT.test(r.amount) || !INTEGER.test(r.action) || !INTEGER.test(r.error)) return null;
  if (action === 'complete' && (prepareId === null || !DIGITS.test(prepareId))) return null;
  const note = text('error_note');
  return { ...r, ...(action === 'complete' ? { merchant_prepare_id: prepareId! } : {}), ...(note !== null ? { error_note: note } : {}) };
}

/**
 * The signature of a call (docs/protocols.md 2.4): lowercase hex MD5 of the raw strings concatenated, Complete with
 * merchant_prepare_id after merchant_trans_id. The amount is hashed as sent: `15000.00` and `15000` differ.
 */
export function clickSignature(r: Omit<ClickRequest, 'sign_string'>, secretKey: string): string {
  const parts = [
    r.click_trans_id,
    r.service_id,
    secretKey,
    r.merchant_trans_id,
    ...(r.merchant_prepare_id !== undefined ? [r.merchant_prepare_id] : []),
    r.amount,
    r.action,
    r.sign_time,
  ];
  return createHash('md5').update(parts.join(''), 'utf8').digest('hex');
}

/** A sum as Click writes it, in tiyin. */
export function clickAmountTiyin(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface ClickReply {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}
