import { createHash } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  isDeliveryService,
  placedOrderChannel,
  placedOrderDevice,
  zonedInstant,
  type ChannelType,
  type ErrorCode,
  type OrderRequest,
  type QuoteRequest,
} from '@dasturxon/domain';
import type { Db } from '@dasturxon/db';
import type { MerchantRecord } from '../../../plugins/tenant.ts';
import type { QuoteService } from '../../quote/index.ts';
import type { TableAt } from '../../tables/index.ts';
import { firstAnswer } from './keys.ts';
import { refuse, type Refusal } from './outcome.ts';

/** How an order is asked for, besides its body. */
export interface PlaceOptions {
  /** `POST /orders/at-time`: the order is for its day and time. */
  scheduled: boolean;
  idempotencyKey?: string | undefined;
  /** The caller's address: confirmation codes are sent and their wrong tries counted per address, as the login's. */
  clientIp: string;
  /** Where the customer's session was opened (`TG`: the mini app's login; `QR`: a table's guest); WEB when not said. */
  sessionChannel?: ChannelType;
  /** The table of the request's seat (features/tables), checked by the caller: the order is that table's. */
  table?: TableAt | undefined;
}

/** The signed-in customer who places the order. */
export interface Customer {
  merchantId: string;
  id: string;
}

/** What the customer asked for, checked and completed before any transaction opens. */
export interface Draft {
  customer: Customer;
  merchant: MerchantRecord;
  /** The body without its confirmation code. */
  body: Omit<OrderRequest, 'confirmationCode'>;
  confirmationCode: string | undefined;
  scheduled: boolean;
  idempotencyKey: string | undefined;
  /** SHA-256 of the canonical body (and whether it is scheduled): the Idempotency-Key's body and the confirmation code's subject. */
  hash: string;
  /** The chosen branch, or for a delivery without one the branch serving the address. */
  branchId: string;
  /** The table the order is served at (a table's seat), or null. */
  table: TableAt | null;
  /** The order's sales channel: QR at a table, else its device's (domain `placedOrderChannel`). */
  channel: ChannelType;
  telegramChatId: string | null;
  clientIp: string;
  now: Date;
  /** The basket as the quote prices it. */
  request: QuoteRequest;
}

export interface DraftDeps {
  db: Db;
  quotes: Pick<QuoteService, 'servingBranch'>;
  telegramLaunchOf?: TelegramLaunchOf | undefined;
}

/**
 * What the Mini App data of an order says (features/telegram): its Telegram user when the brand's bot signed it, the
 * refusal's code when not, null without data or without a bot at the brand.
 */
export type TelegramLaunchOf = (
  merchant: MerchantRecord,
  initData: string | undefined,
) => Promise<{ userId: string } | { refused: ErrorCode } | null>;

const fieldError = (field: string, message: string): Refusal => refuse('VALIDATION_FAILED', { fields: [{ field, message }] });

/** JSON with object keys in a fixed order: the same body always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The checks on the request's shape that depend on the call and the service type (the contract cannot say them alone). */
export function shapeProblem(body: OrderRequest, scheduled: boolean): Refusal | null {
  if (scheduled) {
    if (!body.day) return fieldError('body.day', 'A scheduled order needs its day (YYYY-MM-DD)');
    if (!body.time) return fieldError('body.time', 'A scheduled order needs its time (HH:MM)');
  } else if (body.later) {
    return fieldError('body.later', 'A scheduled order is placed with POST /orders/v1/orders/at-time');
  }
  if (isDeliveryService(body.serviceType) && !body.address) return fieldError('body.address', 'A delivered order needs its address');
  if (!isDeliveryService(body.serviceType) && !body.branchId)
    return fieldError('body.branchId', 'A pickup or dine-in order needs its branch');
  return null;
}

/**
 * Step 1, before the transaction: the request's shape and its hash; the first answer of its Idempotency-Key, if the
 * key placed an order already (`duplicate`: nothing else is looked at); the Telegram chat and the branch. A delivery without
 * a chosen branch goes to the branch that serves the address (at the scheduled time, if any), chosen here because it
 * reads the kept catalogue, which may go to the database (on PGlite, a read outside the open transaction would wait
 * for it for ever); the transaction's quote checks the branch again.
 */
export async function readDraft(
  deps: DraftDeps,
  input: { customer: Customer; merchant: MerchantRecord; body: OrderRequest; options: PlaceOptions; now: Date },
): Promise<Draft | Refusal | { duplicate: string }> {
  const { customer, merchant, body, options, now } = input;
  const problem = shapeProblem(body, options.scheduled);
  if (problem) return problem;
  // The code confirms this very order: the same body with or without it is one request (its key, its code's subject).
  const { confirmationCode, ...order } = body;
  const hash = createHash('sha256')
    .update(canonical({ scheduled: options.scheduled, body: order }))
    .digest('hex');
  if (options.idempotencyKey) {
    const first = await firstAnswer(deps.db, customer, options.idempotencyKey, hash, now);
    if (first) return 'orderId' in first ? { duplicate: first.orderId } : first;
  }
  // The chat of the status messages and the order's device: the server's word, not the client's (docs/telegram.md).
  const launch = (await deps.telegramLaunchOf?.(merchant, body.telegramInitData)) ?? null;
  const telegramChatId = launch && 'userId' in launch ? launch.userId : null;
  // A table's order (issue 32): dine-in at the seat's table, now; a table guest's session orders at a table only.
  const table = options.table ?? null;
  if (table && (body.serviceType !== 'DINE_IN' || options.scheduled || (body.branchId && body.branchId !== table.branchId)))
    return refuse('TABLE_ORDER_INVALID', { serviceType: body.serviceType, scheduled: options.scheduled });
  if (!table && options.sessionChannel === 'QR') return refuse('TABLE_SESSION_ENDED');
  const orderDevice = placedOrderDevice({
    claimed: order.orderDevice,
    sessionChannel: options.sessionChannel ?? 'WEB',
    signedByTelegram: telegramChatId !== null,
  });
  if (!orderDevice)
    return refuse(launch && 'refused' in launch ? launch.refused : 'TELEGRAM_INIT_DATA_MISSING', { orderDevice: 'TELEGRAM_BOT' });
  let branchId = table?.branchId ?? body.branchId ?? null;
  if (!branchId && body.address) {
    // The branch's own zone is not known yet: its time is read on the default zone's clock to choose it, then checked on its own.
    const when = options.scheduled ? (zonedInstant(body.day!, body.time!, DEFAULT_TIME_ZONE) ?? now) : now;
    branchId =
      (await deps.quotes.servingBranch(merchant.id, [body.address.latitude, body.address.longitude], 'DELIVERY', when))?.branchId ?? null;
    if (!branchId) return refuse('BRANCH_CLOSED', { serviceType: body.serviceType, reason: 'HOURS' });
  }
  if (!branchId) return fieldError('body.branchId', 'A branch is required');
  const request: QuoteRequest = {
    cartItems: body.cartItems,
    serviceType: body.serviceType,
    branchId,
    ...(body.address ? { address: { latitude: body.address.latitude, longitude: body.address.longitude } } : {}),
    ...(body.promoCode ? { promoCode: body.promoCode } : {}),
    ...(body.cashback !== undefined ? { cashback: body.cashback } : {}),
  };
  return {
    customer,
    merchant,
    body: { ...order, orderDevice },
    confirmationCode,
    scheduled: options.scheduled,
    idempotencyKey: options.idempotencyKey,
    hash,
    branchId,
    table,
    channel: placedOrderChannel(orderDevice, table !== null),
    telegramChatId,
    clientIp: options.clientIp,
    now,
    request,
  };
}
