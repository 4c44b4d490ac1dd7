import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  awaitsPayment,
  isUuid,
  moveProblem,
  paymentProviderOf,
  sum,
  tableBillRefusal,
  tableSessionOpen,
  type TableBillStatus,
} from '@dasturxon/domain';
import {
  callerIdentity,
  callerLookup,
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  openPaymentAccount,
  sealPaymentAccount,
  type ClickCredentials,
  type Db,
  type PaymeCredentials,
  type PaymentAccount,
  type PaymentProvider,
  type UzumCredentials,
} from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import { type OrderLineRecord, type OrderRecord, type OrdersService } from '../orders/index.ts';
import { nudge } from '../live/index.ts';
import { createPaymentsRepository, type PaymentAccountRecord } from './payments.repository.ts';

export interface PaymentsServiceDeps {
  db: Db;
  clock: Clock;
  /** The orders feature's moves for a payment (forPayment locks the order in the provider's transaction). */
  orders: Pick<OrdersService, 'forPayment' | 'markPaid' | 'markPaidByBill' | 'cancelForPayment' | 'paymentRefused'>;
  /** PAYMENT_SECRETS_KEY; unset, the development key (DEV_PAYMENT_SECRETS_KEY). Production refuses to start without
   * its own key (config.ts, productionProblems), so there is nothing to warn about here. */
  secretsKey: string | undefined;
  log: FastifyBaseLogger;
}

interface CredentialsByProvider {
  PAYME: PaymeCredentials;
  CLICK: ClickCredentials;
  UZUM: UzumCredentials;
}
type CredentialsOf<P extends PaymentProvider> = CredentialsByProvider[P];

const digestOf = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Two secrets compared in constant time (their digests, so the length leaks nothing either). */
export const sameSecret = (a: string, b: string) => timingSafeEqual(digestOf(a), digestOf(b));

/** `Authorization: Basic …` decoded to `login:password`, or null. */
export function basicCredentials(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return decoded.includes(':') ? decoded : null;
}

// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const illFormed = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/**
 * Where the first text of a provider's call is that is not well-formed (a value as its path, `params.account.order_id`;
 * a key as its object's path): a control character (tab, line feed and carriage return excepted) or a lone surrogate. Null when every
 * text is well-formed. The provider endpoints check it themselves, after the caller's credentials and before anything
 * reads the database (the input guard leaves their bodies to them: `config.providerInput`).
 */
export function illFormedText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return illFormed(value) ? path || '.' : null;
  if (depth > 32 || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (illFormed(key)) return path || '.';
    const at = path ? `${path}.${key}` : key;
    const found = illFormedText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** What a provider's call names where it names an order: an order, or a table's bill paid as one payment (decision 021). */
export type PayableKind = 'ORDER' | 'BILL';

/** What a provider's ledger row pays: its order, or its table's bill (each ledger names exactly one of them). */
export function payableOfRow(row: { orderId: string | null; billId: string | null }): { kind: PayableKind; id: string } {
  return row.billId ? { kind: 'BILL', id: row.billId } : { kind: 'ORDER', id: row.orderId! };
}

/** The order's or bill's id as a provider's ledger row stores it (`orderId` or `billId`). */
export function payableColumns(payable: { kind: PayableKind; id: string }): { orderId: string } | { billId: string } {
  return payable.kind === 'BILL' ? { billId: payable.id } : { orderId: payable.id };
}

/**
 * What a provider pays, locked in the provider's transaction: an order, or a table's bill (every order it covers
 * locked, by id). The provider's service judges and moves it the same way whichever it is.
 */
export interface Payable {
  kind: PayableKind;
  id: string;
  merchantId: string;
  /** What the customer pays, in tiyin. */
  tiyin: number;
  /** Paid already (by this provider or another way). */
  isPaid: boolean;
  /** May be paid now: an order awaiting payment; a bill open, its session running and its orders as they were. */
  awaiting: boolean;
  payableBy(provider: PaymentProvider): boolean;
  /** The order and its lines, for a receipt; null for a bill (its receipt has no lines yet). */
  order: { order: OrderRecord; lines: OrderLineRecord[] } | null;
  /** The provider took the money: the order, or every order of the bill, is paid. Call only when awaiting. */
  pay(tx: Db, comment: string): Promise<void>;
  /** The provider gave the money back (or cancelled before taking it); false when the branch has taken it on. */
  refund(tx: Db, comment: string): Promise<boolean>;
  /** A payment for it came when it no longer awaited one and was refused. */
  refused(tx: Db): Promise<void>;
}

/**
 * What the three providers' services share: the brands' accounts (opened with the secret box), finding the brand
 * a call is for, and the order's payment moves inside the provider's transaction.
 */
export function createPaymentsCore({ db, clock, orders, secretsKey, log }: PaymentsServiceDeps) {
  const box = createSecretBox(secretsKey ?? DEV_PAYMENT_SECRETS_KEY);
  const repo = createPaymentsRepository(db);

  function open(row: PaymentAccountRecord): PaymentAccount | null {
    try {
      return openPaymentAccount(box, row);
    } catch {
      // Sealed under another key (PAYMENT_SECRETS_KEY changed without sealing again) or copied from another brand.
      log.error({ merchantId: row.merchantId, provider: row.provider }, 'a payment account does not open with PAYMENT_SECRETS_KEY');
      return null;
    }
  }

  async function credentialsOf<P extends PaymentProvider>(merchantId: string, provider: P): Promise<CredentialsOf<P> | null> {
    const row = await repo.account(merchantId, provider);
    const account = row ? open(row) : null;
    return account && account.provider === provider ? (account.credentials as CredentialsOf<P>) : null;
  }

  return {
    db,
    repo,
    nowMs: () => clock.now().getTime(),

    /** The brand's account at the provider, opened; null when it has none (or it does not open). */
    credentialsOf,

    /**
     * The brand's account when `identity` (Payme's and Uzum's decoded Basic `login:password`, Click's service id)
     * is the one the account is called with; null for another brand's, a wrong or a missing one.
     */
    async authenticate<P extends PaymentProvider>(
      merchantId: string,
      provider: P,
      identity: string | null,
    ): Promise<CredentialsOf<P> | null> {
      if (identity === null) return null;
      const credentials = await credentialsOf(merchantId, provider);
      if (!credentials) return null;
      const expected = callerIdentity({ provider, credentials } as PaymentAccount);
      if (expected === null || !sameSecret(expected, identity)) return null;
      return credentials;
    },

    /** The brands whose account `identity` opens (a call that names no order or transaction of ours). */
    async callerBrands<P extends PaymentProvider>(
      provider: P,
      identity: string | null,
    ): Promise<{ merchantId: string; credentials: CredentialsOf<P> }[]> {
      if (identity === null) return [];
      const found: { merchantId: string; credentials: CredentialsOf<P> }[] = [];
      for (const row of await repo.accountsByLookup(provider, callerLookup(box, provider, identity))) {
        const account = open(row);
        const expected = account ? callerIdentity(account) : null;
        if (account && expected !== null && sameSecret(expected, identity))
          found.push({ merchantId: row.merchantId, credentials: account.credentials as CredentialsOf<P> });
      }
      return found;
    },

    /** Stores a brand's account sealed (Payme's ChangePassword; operations). */
    async saveAccount(merchantId: string, account: PaymentAccount): Promise<void> {
      await repo.saveAccount(sealPaymentAccount(box, merchantId, account));
    },

    /** One database transaction for the provider's state change and the order's move. */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The brand of what a provider names as an order: an order of ours, else a table's bill; null for neither. */
    async payableBrand(id: unknown): Promise<{ merchantId: string; kind: PayableKind; id: string } | null> {
      if (typeof id !== 'string' || !isUuid(id)) return null;
      const lower = id.toLowerCase();
      const orderBrand = await repo.orderBrand(lower);
      if (orderBrand) return { merchantId: orderBrand, kind: 'ORDER', id: lower };
      const billBrand = await repo.billBrand(lower);
      return billBrand ? { merchantId: billBrand, kind: 'BILL', id: lower } : null;
    },

    /**
     * What a provider pays, locked in `tx` before the provider's row: the order; or the bill's row, then every order
     * it covers by id (one lock order: a single order's payment locks one of them, then its provider row).
     */
    async lockPayable(tx: Db, merchantId: string, kind: PayableKind, id: string): Promise<Payable> {
      if (kind === 'ORDER') {
        const found = await orders.forPayment(tx, merchantId, id);
        if (!found) throw new Error(`order ${id} of a payment is gone`);
        const { order } = found;
        return {
          kind,
          id,
          merchantId,
          tiyin: order.totalPrice * 100,
          isPaid: order.isPaid,
          awaiting: awaitsPayment(order),
          payableBy: (provider) => paymentProviderOf(order.paymentType) === provider,
          order: found,
          pay: (t, comment) => orders.markPaid(t, order, comment),
          refund: async (t, comment) => {
            try {
              await orders.cancelForPayment(t, order, comment);
              return true;
            } catch (error) {
              if (error instanceof AppError && error.code === 'ORDER_STATUS_CONFLICT') return false;
              throw error;
            }
          },
          refused: (t) => orders.paymentRefused(t, order),
        };
      }
      const billRepo = createPaymentsRepository(tx);
      const found = await billRepo.billForPayment(merchantId, id);
      if (!found) throw new Error(`table bill ${id} of a payment is gone`);
      const { bill, lines, session } = found;
      const covered: OrderRecord[] = [];
      for (const line of lines) {
        const locked = await orders.forPayment(tx, merchantId, line.orderId);
        if (locked) covered.push(locked.order);
      }
      const now = clock.now();
      const refusal = tableBillRefusal({
        bill: { status: bill.status as TableBillStatus, lines: lines.map((l) => ({ orderId: l.orderId, amount: sum(l.amount) })) },
        sessionOpen: tableSessionOpen(session, now),
        orders: covered.map((o) => ({ id: o.id, total: o.totalPrice, isPaid: o.isPaid, status: o.status })),
      });
      const settled = async (t: Db, change: { status: TableBillStatus; paidAt?: Date; cancelledAt?: Date }) => {
        await createPaymentsRepository(t).billUpdate(merchantId, id, change);
        await nudge(t, { topic: 'floor', merchantId, branchId: bill.branchId, sessionId: bill.sessionId, what: 'order' });
      };
      return {
        kind,
        id,
        merchantId,
        tiyin: bill.total * 100,
        isPaid: bill.status === 'PAID',
        awaiting: refusal === null,
        payableBy: (provider) => bill.provider === provider,
        order: null,
        async pay(t, comment) {
          for (const order of covered) await orders.markPaidByBill(t, order, bill.provider, comment);
          await settled(t, { status: 'PAID', paidAt: now });
        },
        async refund(t, comment) {
          if (bill.status === 'PAID') {
            // All or nothing: once the branch has taken on any of its orders, the refund is refused and nothing changes.
            if (covered.some((o) => o.status !== 'CANCELED' && moveProblem(o.status, 'CANCELED', 'payment', o.serviceType))) return false;
            for (const order of covered) await orders.cancelForPayment(t, order, comment);
          }
          await settled(t, { status: 'CANCELLED', cancelledAt: now });
          return true;
        },
        async refused(t) {
          if (bill.status === 'OPEN') await settled(t, { status: 'CANCELLED', cancelledAt: now });
        },
      };
    },

    /** The order and its lines, locked in `tx` (always before the provider's row: one lock order, no deadlock). */
    async lockOrder(tx: Db, merchantId: string, orderId: string) {
      const found = await orders.forPayment(tx, merchantId, orderId);
      if (!found) throw new Error(`order ${orderId} of a payment is gone`);
      return found;
    },

    payableBy: (order: OrderRecord, provider: PaymentProvider) => paymentProviderOf(order.paymentType) === provider,
    /** Created, not paid and not cancelled: the only state a payment may take an order from. */
    awaitingPayment: (order: OrderRecord) => awaitsPayment(order),
    /** What the customer pays, in tiyin (totalPrice is in sums). */
    tiyinOf: (order: OrderRecord) => order.totalPrice * 100,

    /** The provider took the money: the order is paid and moves on (CREATED → OPEN or AT_TIME). Call only when awaitingPayment. */
    pay: (tx: Db, order: OrderRecord, comment: string) => orders.markPaid(tx, order, comment),
  };
}

export type PaymentsCore = ReturnType<typeof createPaymentsCore>;
