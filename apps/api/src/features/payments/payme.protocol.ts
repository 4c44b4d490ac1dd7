import { z } from 'zod';
import { PAYMENT_WINDOW_MS } from '@dasturxon/domain';

/*
 * Payme's Merchant API as data (docs/protocols.md section 1): the errors with their localized messages, the params of
 * each method, the envelopes and the receipt detail. The service (payme.service.ts) applies the rules.
 */

/** A state-1 transaction older than this (from our create_time) is cancelled with reason 4 (docs/protocols.md 1.5). */
export const PAYME_TIMEOUT_MS = PAYMENT_WINDOW_MS.PAYME;
/** Cancel reason: cancelled by timeout. */
export const PAYME_REASON_TIMEOUT = 4;
/** Cancel reason: transaction execution error (a perform for an order cancelled meanwhile). */
export const PAYME_REASON_EXECUTION_ERROR = 3;

export interface PaymeMessage {
  ru: string;
  uz: string;
  en: string;
}

const e = (code: number, ru: string, uz: string, en: string) => ({ code, message: { ru, uz, en } });

/**
 * Every error we answer, by situation. Codes -31050..-31099 are the account's (order_id) and carry the field's name
 * in `data`; within the range: -31050 no such order, -31051 the order is paid another way, -31052 the order is no
 * longer awaiting payment (paid or cancelled), -31099 another transaction holds the order (a one-time account).
 */
export const PAYME_ERRORS = {
  NOT_POST: e(-32300, 'Метод запроса должен быть POST', "So'rov usuli POST bo'lishi kerak", 'The request method must be POST'),
  PARSE_ERROR: e(-32700, 'Ошибка разбора JSON', 'JSON ni tahlil qilishda xatolik', 'JSON parse error'),
  INVALID_REQUEST: e(
    -32600,
    'Неверный запрос JSON-RPC: нет обязательных полей или неверный тип поля',
    "Noto'g'ri JSON-RPC so'rovi: majburiy maydonlar yo'q yoki maydon turi noto'g'ri",
    'Invalid JSON-RPC request: required fields missing or of the wrong type',
  ),
  METHOD_NOT_FOUND: e(-32601, 'Метод не найден', 'Usul topilmadi', 'Method not found'),
  UNAUTHORIZED: e(
    -32504,
    'Недостаточно привилегий для выполнения метода',
    'Usulni bajarish uchun huquqlar yetarli emas',
    'Insufficient privileges to perform the method',
  ),
  SYSTEM_ERROR: e(-32400, 'Системная ошибка', 'Tizim xatosi', 'System error'),
  WRONG_AMOUNT: e(-31001, 'Неверная сумма', "Noto'g'ri summa", 'Incorrect amount'),
  TRANSACTION_NOT_FOUND: e(-31003, 'Транзакция не найдена', 'Tranzaksiya topilmadi', 'Transaction not found'),
  CANNOT_CANCEL: e(
    -31007,
    'Невозможно отменить транзакцию: заказ уже выполняется',
    "Tranzaksiyani bekor qilib bo'lmaydi: buyurtma bajarilmoqda",
    'Unable to cancel the transaction: the order is already being fulfilled',
  ),
  CANNOT_PERFORM: e(-31008, 'Невозможно выполнить операцию', "Amalni bajarib bo'lmaydi", 'Unable to perform the operation'),
  ORDER_NOT_FOUND: e(-31050, 'Заказ не найден', 'Buyurtma topilmadi', 'Order not found'),
  ORDER_OTHER_PAYMENT: e(-31051, 'Заказ оплачивается другим способом', "Buyurtma boshqa usulda to'lanadi", 'The order is paid another way'),
  ORDER_NOT_AWAITING: e(
    -31052,
    'Заказ уже оплачен или отменён',
    "Buyurtma allaqachon to'langan yoki bekor qilingan",
    'The order is already paid or cancelled',
  ),
  ORDER_HAS_TRANSACTION: e(
    -31099,
    'По заказу уже есть другая транзакция',
    "Buyurtma bo'yicha boshqa tranzaksiya mavjud",
    'Another transaction exists for this order',
  ),
  PASSWORD_EMPTY: e(-31050, 'Пароль не указан', "Parol ko'rsatilmagan", 'The password is empty'),
} as const;

export type PaymeErrorKey = keyof typeof PAYME_ERRORS;

export type PaymeId = number | string | null;
export type PaymeReply =
  | { jsonrpc: '2.0'; id: PaymeId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: PaymeId; error: { code: number; message: PaymeMessage; data?: unknown } };

export const paymeResult = (id: PaymeId, result: Record<string, unknown>): PaymeReply => ({ jsonrpc: '2.0', id, result });
export const paymeError = (id: PaymeId, key: PaymeErrorKey, data?: unknown): PaymeReply => ({
  jsonrpc: '2.0',
  id,
  error: { ...PAYME_ERRORS[key], ...(data === undefined ? {} : { data }) },
});

/** A refusal in Payme's words, thrown where nothing has been written yet. */
export class PaymeRefusal extends Error {
  constructor(
    readonly key: PaymeErrorKey,
    readonly data?: unknown,
  ) {
    super(key);
  }
}

/** The envelope of a request (docs/protocols.md 1.1): named params only. */
export const PaymeEnvelope = z.object({
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
});

const ms = z.number().int().nonnegative();
const paymeId = z.string().min(1).max(64);
const amount = z.number().positive();
const account = z.object({ order_id: z.unknown() }).loose();

/** The params of each method; a field missing or of the wrong type answers -32600 naming it. */
export const PAYME_PARAMS = {
  CheckPerformTransaction: z.object({ amount, account }).loose(),
  CreateTransaction: z.object({ id: paymeId, time: ms, amount, account }).loose(),
  PerformTransaction: z.object({ id: paymeId }).loose(),
  CancelTransaction: z.object({ id: paymeId, reason: z.number().int() }).loose(),
  CheckTransaction: z.object({ id: paymeId }).loose(),
  GetStatement: z.object({ from: ms, to: ms }).loose(),
  SetFiscalData: z.object({ id: paymeId, type: z.enum(['PERFORM', 'CANCEL']), fiscal_data: z.record(z.string(), z.unknown()) }).loose(),
  ChangePassword: z.object({ password: z.string() }).loose(),
} as const;

export type PaymeMethod = keyof typeof PAYME_PARAMS;
export const isPaymeMethod = (method: string): method is PaymeMethod => Object.hasOwn(PAYME_PARAMS, method);

/** A transaction as CheckTransaction and GetStatement show it: unset times 0, an unset reason null (docs/protocols.md 1.5). */
export interface PaymeTransactionView {
  paymeId: string;
  id: string;
  orderId: string | null;
  /** A table's bill paid as one payment (decision 021): Payme named it as account.order_id. */
  billId: string | null;
  amount: number;
  state: number;
  reason: number | null;
  paymeTime: number;
  createTime: number;
  performTime: number | null;
  cancelTime: number | null;
}

export const checkTransactionResult = (t: PaymeTransactionView) => ({
  create_time: t.createTime,
  perform_time: t.performTime ?? 0,
  cancel_time: t.cancelTime ?? 0,
  transaction: t.id,
  state: t.state,
  reason: t.reason,
});

export const statementItem = (t: PaymeTransactionView) => ({
  id: t.paymeId,
  time: t.paymeTime,
  amount: t.amount,
  account: { order_id: t.orderId ?? t.billId },
  create_time: t.createTime,
  perform_time: t.performTime ?? 0,
  cancel_time: t.cancelTime ?? 0,
  transaction: t.id,
  state: t.state,
  reason: t.reason,
  receivers: null,
});

/** What a receipt needs of an order: its lines and amounts as the order keeps them (sums). */
export interface ReceiptOrder {
  lines: { productId: string; name: Partial<Record<'ru' | 'uz' | 'eng', string>>; count: number; gross: number; discount: number }[];
  deliveryPrice: number;
  deliveryDiscount: number;
  /** What the customer pays, in tiyin. */
  amount: number;
}

/**
 * Payme's `detail` for fiscalisation (docs/protocols.md 1.5): a line per order line with its product's IKPU code, the
 * unit price and the line's discount in tiyin, and the delivery as `shipping`. Null when it cannot be a fiscal
 * receipt: a product without an IKPU (mxicCode), or amounts that do not add up to what is paid (a service fee or
 * spent cashback, which have no line of their own). Each item carries its package code and VAT percent as the
 * products keep them.
 */
export function paymeReceipt(
  order: ReceiptOrder,
  codes: ReadonlyMap<string, { code: string | null; packageCode: string | null; vatPercent: number }>,
) {
  const items = [];
  for (const line of order.lines) {
    const fiscal = codes.get(line.productId);
    if (!fiscal?.code || line.count <= 0 || (line.gross * 100) % line.count !== 0) return null;
    items.push({
      title: line.name.ru || line.name.uz || line.name.eng || '',
      price: (line.gross * 100) / line.count,
      count: line.count,
      code: fiscal.code,
      ...(fiscal.packageCode ? { package_code: fiscal.packageCode } : {}),
      vat_percent: fiscal.vatPercent,
      discount: line.discount * 100,
    });
  }
  const shipping = (order.deliveryPrice - order.deliveryDiscount) * 100;
  const total = items.reduce((sum, i) => sum + i.price * i.count - i.discount, 0) + shipping;
  if (total !== order.amount) return null;
  return { receipt_type: 0, items, ...(shipping > 0 ? { shipping: { title: 'Доставка', price: shipping } } : {}) };
}
