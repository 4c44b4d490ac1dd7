import type { OrderStatus, PaymentProvider, PaymentType } from './enums.ts';
import { awaitsPayment } from './order-status.ts';
import { PROVIDER_PAYMENT_TYPES } from './order-payment.ts';
import { sum, type Sum } from './money.ts';

/*
 * The table's bill paid online as one payment (issue 32; docs/restaurant.md "Paying the table's bill", decision 021).
 * A guest at the table opens a bill: the orders of the table's session not paid and not cancelled at that moment,
 * each with its server-computed total, and their sum. A provider then pays exactly that, or nothing: when any covered
 * order has changed since (paid on its own, cancelled, its total moved), or the bill or the session is over, the
 * provider's check refuses it. An order placed after the bill was opened is not in it. One rule here; the server's
 * bill and the providers' checks call it.
 */

/** OPEN: waiting for the provider; PAID: the provider performed it (every covered order paid); CANCELLED: cancelled or refunded. */
export const TABLE_BILL_STATUSES = ['OPEN', 'PAID', 'CANCELLED'] as const;
export type TableBillStatus = (typeof TABLE_BILL_STATUSES)[number];

/** What the bill needs of an order of the session. */
export interface TableBillCandidate {
  id: string;
  total: number;
  isPaid: boolean;
  status: OrderStatus;
}

/** A covered order and the amount the bill pays for it (its total when the bill was opened). */
export interface TableBillLine {
  orderId: string;
  amount: Sum;
}

/** The orders a bill opened now covers (not paid, not cancelled, something to pay), by id, and their sum. */
export function tableBillCover(orders: readonly TableBillCandidate[]): { lines: TableBillLine[]; total: Sum } {
  const lines = orders
    .filter((o) => !o.isPaid && o.status !== 'CANCELED' && o.total > 0)
    .map((o) => ({ orderId: o.id, amount: sum(o.total) }))
    .sort((a, b) => (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0));
  return { lines, total: sum(lines.reduce((acc, l) => acc + l.amount, 0)) };
}

export type TableBillRefusal = 'TABLE_BILL_NOT_OPEN' | 'TABLE_SESSION_ENDED' | 'TABLE_BILL_CHANGED';

/**
 * Whether a provider may take the bill now: the bill still open, its session still running, and every covered order
 * as it was (there, not paid, not cancelled, the same total). Null when it may; else why not (the provider's check
 * answers its "not awaiting payment" or "wrong amount" and nothing is paid twice).
 */
export function tableBillRefusal(input: {
  bill: { status: TableBillStatus; lines: readonly TableBillLine[] };
  sessionOpen: boolean;
  orders: readonly TableBillCandidate[];
}): TableBillRefusal | null {
  if (input.bill.status !== 'OPEN') return 'TABLE_BILL_NOT_OPEN';
  if (!input.sessionOpen) return 'TABLE_SESSION_ENDED';
  const now = new Map(input.orders.map((o) => [o.id, o]));
  for (const line of input.bill.lines) {
    const order = now.get(line.orderId);
    if (!order || order.isPaid || order.status === 'CANCELED' || order.total !== line.amount) return 'TABLE_BILL_CHANGED';
  }
  return null;
}

/**
 * How the bill's payment settles one covered order: one still waiting for its own online payment (CREATED) is paid
 * through the lifecycle's payment move, as its own payment would (`MOVE`); one under way to be paid at the table
 * (cash, the terminal) is only marked paid, through the provider (`MARK`).
 */
export function tableBillSettlement(order: { paymentType: PaymentType; isPaid: boolean; status: OrderStatus }): 'MOVE' | 'MARK' {
  return awaitsPayment(order) ? 'MOVE' : 'MARK';
}

/** The payment type an order paid by the bill reads as afterwards: the provider's own. */
export function tableBillPaymentType(provider: PaymentProvider): PaymentType {
  return PROVIDER_PAYMENT_TYPES[provider][0]!;
}

/**
 * The providers whose merchant API pays a table's bill (their calls name it where they name an order: Payme's
 * account.order_id, Click's merchant_trans_id, Uzum's params.orderId). All three (decision 021).
 */
export const TABLE_BILL_PROVIDERS = ['PAYME', 'CLICK', 'UZUM'] as const satisfies readonly PaymentProvider[];

/** The providers a table's guest may pay the bill with: those above whose payment type the brand takes on the QR channel. */
export function tableBillProviders(allowedOnQr: readonly PaymentType[]): PaymentProvider[] {
  return TABLE_BILL_PROVIDERS.filter((p) => PROVIDER_PAYMENT_TYPES[p].some((t) => allowedOnQr.includes(t)));
}
