import { describe, expect, it } from 'vitest';
import { ORDER_DEVICES } from '../src/enums.ts';
import {
  allowedPaymentTypes,
  cashbackEarned,
  channelOfDevice,
  CUSTOMER_ORDER_DEVICES,
  paymentProviderOf,
  type PaymentFlags,
  type PaymentMethodSettings,
} from '../src/order-payment.ts';

const FLAGS: PaymentFlags = { cashActive: true, terminalActive: false, paymeActive: false, clickActive: false, uzumActive: false };
const method = (type: PaymentMethodSettings['type'], over: Partial<PaymentMethodSettings> = {}): PaymentMethodSettings => ({
  type,
  isActive: true,
  webEnabled: true,
  botEnabled: true,
  appEnabled: true,
  qrEnabled: true,
  operatorEnabled: true,
  ...over,
});

describe('allowedPaymentTypes', () => {
  it('takes cash alone from a brand with nothing set', () => {
    expect(allowedPaymentTypes(FLAGS, [], 'WEB')).toEqual(['CASH']);
    expect(allowedPaymentTypes({ ...FLAGS, cashActive: false }, [], 'WEB')).toEqual([]);
  });

  it('follows the flags, in the catalogue order', () => {
    expect(allowedPaymentTypes({ ...FLAGS, paymeActive: true, clickActive: true }, [], 'TG')).toEqual(['CASH', 'CLICK', 'PAYME']);
    // The Click mini app's type only inside Click's mini app.
    expect(allowedPaymentTypes({ ...FLAGS, clickActive: true }, [], 'CLICK')).toEqual(['CASH', 'CLICK', 'CLICK_MINI_APP']);
    expect(allowedPaymentTypes({ ...FLAGS, clickActive: true }, [], 'WEB')).toEqual(['CASH', 'CLICK']);
    expect(allowedPaymentTypes({ ...FLAGS, terminalActive: true, uzumActive: true }, [], 'WEB')).toEqual(['CASH', 'TERMINAL', 'UZUM']);
  });

  it("narrows a type by its method's channel settings, and needs the flag too", () => {
    const flags = { ...FLAGS, paymeActive: true };
    const methods = [method('PAYME', { webEnabled: false }), method('CASH', { botEnabled: false })];
    expect(allowedPaymentTypes(flags, methods, 'WEB')).toEqual(['CASH']);
    expect(allowedPaymentTypes(flags, methods, 'TG')).toEqual(['PAYME']);
    expect(allowedPaymentTypes(flags, [method('PAYME', { isActive: false })], 'TG')).toEqual(['CASH']);
    expect(allowedPaymentTypes(FLAGS, [method('CLICK')], 'WEB')).toEqual(['CASH']);
  });

  it('offers a type without a flag only through a method of the brand', () => {
    expect(allowedPaymentTypes(FLAGS, [method('PAYNET', { appEnabled: false })], 'WEB')).toEqual(['CASH', 'PAYNET']);
    expect(allowedPaymentTypes(FLAGS, [method('PAYNET', { appEnabled: false })], 'APP')).toEqual(['CASH']);
    expect(allowedPaymentTypes(FLAGS, [method('OTHER', { qrEnabled: false, operatorEnabled: true })], 'QR')).toEqual(['CASH']);
    expect(allowedPaymentTypes(FLAGS, [method('OTHER', { qrEnabled: false, operatorEnabled: true })], 'OPERATOR')).toEqual([
      'CASH',
      'OTHER',
    ]);
  });
});

describe('channelOfDevice', () => {
  it('gives every device a channel, and the customer devices their own', () => {
    for (const d of ORDER_DEVICES) expect(['TG', 'WEB', 'APP', 'OPERATOR', 'QR', 'CLICK']).toContain(channelOfDevice(d));
    expect(CUSTOMER_ORDER_DEVICES.map(channelOfDevice)).toEqual(['WEB', 'WEB', 'WEB', 'WEB', 'TG', 'APP', 'APP', 'APP', 'CLICK']);
    expect(channelOfDevice('OPERATOR')).toBe('OPERATOR');
  });
});

describe('cashbackEarned', () => {
  it('is a percentage of what is paid, rounded half up once', () => {
    expect(cashbackEarned(100_000, 5)).toBe(5000);
    expect(cashbackEarned(12_345, 2)).toBe(247);
    expect(cashbackEarned(12_325, 2)).toBe(247); // 246.5 → 247
    expect(cashbackEarned(0, 10)).toBe(0);
    expect(cashbackEarned(50_000, 0)).toBe(0);
  });
});

describe('paymentProviderOf', () => {
  it("names the provider that takes each online type, Click's mini app included, and none for the types paid at hand-over", () => {
    expect((['PAYME', 'CLICK', 'CLICK_MINI_APP', 'UZUM'] as const).map(paymentProviderOf)).toEqual(['PAYME', 'CLICK', 'CLICK', 'UZUM']);
    expect((['CASH', 'TERMINAL', 'OTHER', 'PAYNET'] as const).map(paymentProviderOf)).toEqual([null, null, null, null]);
  });
});
