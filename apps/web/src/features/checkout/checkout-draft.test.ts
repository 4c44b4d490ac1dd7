import { describe, expect, it } from 'vitest';
import { attemptFor, EMPTY_DRAFT, parseDraft, serializeDraft, type CheckoutDraft } from './checkout-draft.ts';
import { HttpError } from '../../lib/http.ts';
import { blockingProblems, checkoutQuoteRequest, confirmationOf, orderRequestOf } from './checkout-request.ts';

const P = '0b0f5d8e-52f8-4c5b-9a55-3c0a1f6c2d11';
const B = '6a1d7a4e-2f0c-4b9e-8a4d-5e6f7a8b9c0d';

describe('checkout draft', () => {
  it('round-trips and falls back field by field on damage', () => {
    const draft: CheckoutDraft = {
      ...EMPTY_DRAFT,
      later: true,
      day: '2025-06-12',
      time: '13:15',
      paymentType: 'PAYME',
      comment: 'Hi',
      attempt: { key: 'k-12345678', body: '{}' },
    };
    expect(parseDraft(serializeDraft(draft))).toEqual(draft);
    expect(parseDraft(null)).toEqual(EMPTY_DRAFT);
    expect(parseDraft('{oops')).toEqual(EMPTY_DRAFT);
    expect(parseDraft('[1,2]')).toEqual(EMPTY_DRAFT);
    const bad = parseDraft(
      JSON.stringify({
        later: 'yes',
        day: '12.06.2025',
        time: '25:00',
        paymentType: 'GOLD',
        comment: 5,
        attempt: { key: 'a b', body: '{}' },
      }),
    );
    expect(bad).toEqual(EMPTY_DRAFT);
  });

  it('keeps the key of an attempt for the same body and makes a new one for another', () => {
    let n = 0;
    const key = () => `key-0000000${++n}`;
    const first = attemptFor(EMPTY_DRAFT, '{"a":1}', key);
    expect(first).toEqual({ key: 'key-00000001', body: '{"a":1}' });
    const draft = { ...EMPTY_DRAFT, attempt: first };
    expect(attemptFor(draft, '{"a":1}', key)).toBe(first);
    expect(attemptFor(draft, '{"a":2}', key).key).toBe('key-00000002');
  });
});

describe('checkout requests', () => {
  const lines = [
    { productId: P, count: 2, modifications: [] },
    { productId: 'broken', count: 1, modifications: [] },
  ];

  it('quote: ids and counts, the address only for a delivery, the cashback when spent', () => {
    const pickup = checkoutQuoteRequest({
      lines,
      serviceType: 'PICK_UP',
      branchId: B,
      address: { latitude: 41, longitude: 69 },
      promoCode: ' SALE ',
      cashback: null,
    });
    expect(pickup).toEqual({
      cartItems: [{ productId: P, count: 2, modifications: [] }],
      serviceType: 'PICK_UP',
      branchId: B,
      promoCode: 'SALE',
    });
    const delivery = checkoutQuoteRequest({
      lines,
      serviceType: 'DELIVERY',
      branchId: null,
      address: { latitude: 41, longitude: 69 },
      promoCode: null,
      cashback: 5000,
    });
    expect(delivery).toEqual({
      cartItems: [{ productId: P, count: 2, modifications: [] }],
      serviceType: 'DELIVERY',
      address: { latitude: 41, longitude: 69 },
      cashback: 5000,
    });
  });

  it('order: the draft, a scheduled time, a generated address id dropped', () => {
    const quote = checkoutQuoteRequest({
      lines,
      serviceType: 'DELIVERY',
      branchId: B,
      address: { latitude: 41, longitude: 69 },
      promoCode: null,
      cashback: null,
    });
    const draft: CheckoutDraft = {
      ...EMPTY_DRAFT,
      later: true,
      day: '2025-06-12',
      time: '13:15',
      courierComment: ' gate 2 ',
      receiverOn: true,
      receiverName: 'Ali',
    };
    const body = orderRequestOf(quote, draft, { id: 'local-1', latitude: 41, longitude: 69, streetName: 'Amir Temur' }, '+998901234567');
    expect(body).toMatchObject({
      serviceType: 'DELIVERY',
      branchId: B,
      later: true,
      day: '2025-06-12',
      time: '13:15',
      courierComment: 'gate 2',
      paymentType: 'CASH',
    });
    expect(body.address).toMatchObject({ latitude: 41, longitude: 69, streetName: 'Amir Temur', addressId: null });
    expect(body.receiver).toEqual({ name: 'Ali', phone: '+998901234567' });
    const now = orderRequestOf({ ...quote, serviceType: 'PICK_UP' }, { ...EMPTY_DRAFT, courierComment: 'x' }, null, null);
    expect(now.later).toBe(false);
    expect(now.day).toBeUndefined();
    expect(now.courierComment).toBe('');
    expect(now.address).toBeUndefined();
    expect(now.telegramInitData).toBeUndefined();
    // Inside Telegram the Mini App's signed data goes along (the server checks it before trusting its chat).
    expect(now.orderDevice).toBe('CLIENT_WEB');
    expect(orderRequestOf(quote, EMPTY_DRAFT, null, null, 'user=%7B%22id%22%3A1%7D&hash=ab')).toMatchObject({
      telegramInitData: 'user=%7B%22id%22%3A1%7D&hash=ab',
      orderDevice: 'TELEGRAM_BOT',
    });
    // Inside Click's mini app the order is that app's (channel CLICK on the server); it carries no Telegram data.
    const click = orderRequestOf(quote, EMPTY_DRAFT, null, null, null, true);
    expect(click.orderDevice).toBe('CLICK_MINI_APP');
    expect(click.telegramInitData).toBeUndefined();
  });

  it('a later order whose time is still to be chosen is not stopped by a branch closed now', () => {
    const closed = { code: 'BRANCH_CLOSED' as const, description: { ru: '', uz: '', eng: '' }, details: { reason: 'HOURS' } };
    expect(blockingProblems([closed], false)).toHaveLength(1);
    expect(blockingProblems([closed], true)).toHaveLength(0);
  });

  it('quotes a later order at its day and time', () => {
    const request = checkoutQuoteRequest({
      lines: [],
      serviceType: 'PICK_UP',
      branchId: B,
      address: null,
      promoCode: null,
      cashback: null,
      schedule: { day: '2025-06-12', time: '13:15' },
    });
    expect(request).toMatchObject({ day: '2025-06-12', time: '13:15' });
    expect(
      checkoutQuoteRequest({ lines: [], serviceType: 'PICK_UP', branchId: B, address: null, promoCode: null, cashback: null }),
    ).not.toHaveProperty('day');
  });

  it('reads the SMS confirmation step from a 428 answer, and nothing from another', () => {
    const asked = new HttpError(
      'http',
      428,
      {
        code: 'ORDER_CONFIRMATION_REQUIRED',
        message: '',
        description: { ru: '', uz: '', eng: '' },
        details: { phone: '+998901234567', codeLength: 6, resendAfterSeconds: 60, expiresInSeconds: 300 },
      },
      '',
    );
    expect(confirmationOf(asked, 1000)).toEqual({ phone: '+998901234567', codeLength: 6, resendAt: 61_000, expiresAt: 301_000 });
    expect(
      confirmationOf(new HttpError('http', 400, { code: 'OTP_INVALID', message: '', description: { ru: '', uz: '', eng: '' } }, ''), 0),
    ).toBeNull();
    expect(confirmationOf(new Error('x'), 0)).toBeNull();
  });
});
