import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, DEV_PAYMENT_SECRETS_KEY, openPaymentAccount, paymentAccounts } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { BACKENDS } from './harness.ts';
import { clickAmount, clickProvider } from './providers/click.ts';
import { paymeProvider } from './providers/payme.ts';
import { openShop, SANDBOX, tiyin, type Shop } from './providers/shop.ts';
import { uzumProvider } from './providers/uzum.ts';

describe('the secret box', () => {
  const box = createSecretBox('a-test-key-of-enough-length');
  it('opens what it sealed for the same context only, and never under another key', () => {
    const sealed = box.seal('{"key":"s3cret"}', 'payment_accounts/m1/PAYME');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed, 'payment_accounts/m1/PAYME')).toBe('{"key":"s3cret"}');
    expect(box.seal('{"key":"s3cret"}', 'payment_accounts/m1/PAYME')).not.toBe(sealed);
    expect(() => box.open(sealed, 'payment_accounts/m2/PAYME')).toThrow();
    expect(() => createSecretBox('another-key-of-enough-length').open(sealed, 'payment_accounts/m1/PAYME')).toThrow();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'payment_accounts/m1/PAYME')).toThrow();
    expect(box.digest('Paycom:x')).toBe(box.digest('Paycom:x'));
    expect(box.digest('Paycom:x')).not.toBe(createSecretBox('another-key-of-enough-length').digest('Paycom:x'));
  });
});

describe.each(BACKENDS)('payment accounts at rest on %s', (backend) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(backend);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('keeps the demo chain’s sandbox accounts sealed: no credential in the clear, each opening for its brand only', async () => {
    const rows = await shop.t.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.merchantId, DEMO.tezkor.id));
    expect(rows.map((r) => r.provider).sort()).toEqual(['CLICK', 'PAYME', 'UZUM']);
    const stored = JSON.stringify(rows);
    for (const secret of ['tezkor-payme-test-key', 'tezkor-click-secret', 'tezkor-uzum-pass', 'tezkor-uzum', '10001', '20001', '30001'])
      expect(stored).not.toContain(secret);
    const box = createSecretBox(DEV_PAYMENT_SECRETS_KEY);
    const opened = Object.fromEntries(rows.map((r) => [r.provider, openPaymentAccount(box, r).credentials]));
    expect(opened).toEqual({
      PAYME: expect.objectContaining({ testKey: SANDBOX.payme.key, testMode: true }),
      CLICK: expect.objectContaining({ serviceId: '10001', merchantId: '20001', secretKey: 'tezkor-click-secret' }),
      UZUM: { serviceId: '30001', login: 'tezkor-uzum', password: 'tezkor-uzum-pass' },
    });
    // Copied onto another brand's row, a sealed account does not open.
    expect(() => openPaymentAccount(box, { ...rows[0]!, merchantId: DEMO.navbahor.id })).toThrow();
  });

  it('answers no call with a credential: the merchant and settings calls name none', async () => {
    for (const url of ['/api/users/v1/merchants/current', '/api/orders/v1/merchant/settings']) {
      const res = await shop.t.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': DEMO.tezkor.id } });
      expect(res.statusCode).toBe(200);
      for (const secret of ['tezkor-payme-test-key', 'tezkor-click-secret', 'tezkor-uzum-pass']) expect(res.body).not.toContain(secret);
    }
  });

  it('a server with another PAYMENT_SECRETS_KEY cannot open the accounts: every provider is refused as unauthenticated', async () => {
    const other = await openShop(backend, { PAYMENT_SECRETS_KEY: 'a-different-key-than-the-seed-used' });
    try {
      const order = await other.order('PAYME');
      expect((await paymeProvider(other.t.app, SANDBOX.payme).checkPerform(order.id, tiyin(order))).body.error?.code).toBe(-32504);
      const clickOrder = await other.order('CLICK');
      expect(
        (
          await clickProvider(other.t.app, SANDBOX.click).prepare({
            orderId: clickOrder.id,
            amount: clickAmount(clickOrder.totalPrice),
            clickTransId: '1',
          })
        ).body.error,
      ).toBe(-1);
      const uzumOrder = await other.order('UZUM');
      expect((await uzumProvider(other.t.app, SANDBOX.uzum, other.t.clock).check(uzumOrder.id)).body.errorCode).toBe('10001');
    } finally {
      await other.close();
    }
  });
});
