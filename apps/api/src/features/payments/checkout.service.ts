import { AppError, awaitsPayment, paymentProviderOf, type PaymentProvider } from '@dasturxon/domain';
import type { PaymentCheckout, TableBillCheckout } from '@dasturxon/domain/contracts';
import { createOrdersRepository, type OrderRecord } from '../orders/index.ts';
import type { PaymentsCore } from './payments.core.ts';

/** Where each provider's payment page lives (settings: production and Payme's sandbox, docs/protocols.md 1.8, 2.7, 3). */
export interface CheckoutPages {
  payme: string;
  paymeTest: string;
  click: string;
  uzum: string;
}

/** Payme's checkout link (docs/protocols.md 1.8): the page's address and base64 of `key=value` pairs joined by `;`. */
export function paymeCheckoutUrl(
  base: string,
  fields: { cashboxId: string; orderId: string; tiyin: number; returnUrl?: string; language?: 'ru' | 'uz' | 'en' },
): string {
  const pairs = [`m=${fields.cashboxId}`, `ac.order_id=${fields.orderId}`, `a=${fields.tiyin}`];
  if (fields.returnUrl) pairs.push(`c=${fields.returnUrl}`);
  if (fields.language) pairs.push(`l=${fields.language}`);
  return `${base.endsWith('/') ? base : `${base}/`}${Buffer.from(pairs.join(';'), 'utf8').toString('base64')}`;
}

/** Click's payment button (docs/protocols.md 2.7): the amount in sums as N.NN, the order id as transaction_param. */
export function clickPayUrl(
  base: string,
  fields: { serviceId: string; merchantId: string; sums: number; orderId: string; returnUrl: string },
): string {
  const url = new URL(base);
  url.searchParams.set('service_id', fields.serviceId);
  url.searchParams.set('merchant_id', fields.merchantId);
  url.searchParams.set('amount', fields.sums.toFixed(2));
  url.searchParams.set('transaction_param', fields.orderId);
  url.searchParams.set('return_url', fields.returnUrl);
  return url.toString();
}

/** Uzum's open-service link (docs/protocols.md 3, marked uncertain there): service, order and the amount in tiyin as its API counts. */
export function uzumPayUrl(base: string, fields: { serviceId: string; orderId: string; tiyin: number; returnUrl: string }): string {
  const url = new URL(base);
  url.searchParams.set('serviceId', fields.serviceId);
  url.searchParams.set('orderId', fields.orderId);
  url.searchParams.set('amount', String(fields.tiyin));
  url.searchParams.set('redirectUrl', fields.returnUrl);
  return url.toString();
}

/**
 * `GET /payments/v2/checkout/{id}`: the provider's page for paying the customer's own order that waits for its online
 * payment, for exactly its total, sending the customer back to the order's page. The provider then calls our merchant
 * endpoints, which pay the order; nothing is written here.
 */
export function createCheckoutService(core: PaymentsCore, pages: CheckoutPages) {
  /**
   * The provider's page for paying `id` (an order, or a table's bill named where an order would be: decision 021)
   * for exactly `sums`, sending the payer back to `returnUrl`; null when the brand has no account at the provider.
   */
  async function providerPage(
    merchantId: string,
    provider: PaymentProvider,
    pay: { id: string; sums: number; returnUrl: string; language: string },
  ): Promise<string | null> {
    const tiyin = pay.sums * 100;
    if (provider === 'PAYME') {
      const account = await core.credentialsOf(merchantId, 'PAYME');
      if (!account) return null;
      const language = pay.language === 'uz' || pay.language === 'ru' ? pay.language : 'en';
      return paymeCheckoutUrl(account.testMode ? pages.paymeTest : pages.payme, {
        cashboxId: account.cashboxId,
        orderId: pay.id,
        tiyin,
        returnUrl: pay.returnUrl,
        language,
      });
    }
    if (provider === 'CLICK') {
      const account = await core.credentialsOf(merchantId, 'CLICK');
      if (!account) return null;
      return clickPayUrl(pages.click, {
        serviceId: account.serviceId,
        merchantId: account.merchantId,
        sums: pay.sums,
        orderId: pay.id,
        returnUrl: pay.returnUrl,
      });
    }
    const account = await core.credentialsOf(merchantId, 'UZUM');
    return account ? uzumPayUrl(pages.uzum, { serviceId: account.serviceId, orderId: pay.id, tiyin, returnUrl: pay.returnUrl }) : null;
  }

  return {
    async link(
      customer: { merchantId: string; id: string },
      orderId: string,
      where: { origin: string; language: string },
    ): Promise<PaymentCheckout> {
      const order: OrderRecord | null = await createOrdersRepository(core.db).findOwn(customer.merchantId, customer.id, orderId);
      if (!order) throw new AppError('NOT_FOUND');
      if (!awaitsPayment(order)) throw new AppError('ORDER_STATUS_CONFLICT', { from: order.status, isPaid: order.isPaid, action: 'PAY' });
      const provider = paymentProviderOf(order.paymentType);
      if (!provider) throw new AppError('PAYMENT_TYPE_NOT_ALLOWED', { paymentType: order.paymentType });
      const tiyin = core.tiyinOf(order);
      const returnUrl = `${where.origin}/profile/orders/${order.id}`;
      const url = await providerPage(customer.merchantId, provider, {
        id: order.id,
        sums: order.totalPrice,
        returnUrl,
        language: where.language,
      });
      // The brand takes the type but has no account at its provider: the customer cannot pay it online.
      if (!url) throw new AppError('PAYMENT_TYPE_NOT_ALLOWED', { paymentType: order.paymentType, reason: 'NO_ACCOUNT' });
      return { orderId: order.id, provider, url, amount: tiyin, returnUrl, payUntil: order.payUntil ? order.payUntil.toISOString() : null };
    },

    /**
     * The provider's page for a table's bill just opened (decision 021): named where an order would be (Payme's
     * ac.order_id, Click's transaction_param, Uzum's orderId), for exactly its total, sending the guest back to the
     * table's bill.
     */
    async billLink(
      merchantId: string,
      bill: { billId: string; provider: PaymentProvider; orderIds: string[]; total: number },
      where: { origin: string; language: string },
    ): Promise<TableBillCheckout> {
      const returnUrl = `${where.origin}/table`;
      const url = await providerPage(merchantId, bill.provider, { id: bill.billId, sums: bill.total, returnUrl, language: where.language });
      if (!url) throw new AppError('PAYMENT_TYPE_NOT_ALLOWED', { paymentType: bill.provider, reason: 'NO_ACCOUNT' });
      return { ...bill, url, amount: bill.total * 100, returnUrl };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
