import { describe, expect, it } from 'vitest';
import type { PublicPromo } from '@dasturxon/domain';
import { promoWords } from './promo-terms.ts';

/** A translator that shows the id and its values, so each condition's words and numbers are seen. */
const t = (id: string, values?: Record<string, string | number>) => (values ? `${id}(${Object.values(values).join(', ')})` : id);
const sum = (n: number, options?: { sign?: '−' }) => `${options?.sign ?? ''}${n} so'm`;
const now = new Date('2027-03-01T09:00:00Z');

const promo = (over: Partial<PublicPromo>): PublicPromo => ({
  id: '00000000-0000-4000-8000-000000000001',
  code: 'SPRING',
  discountType: 'PERCENTAGE',
  productDiscount: 0,
  deliveryDiscount: 0,
  minPrice: 0,
  startDate: null,
  endDate: null,
  ...over,
});

describe("a listed promo's conditions in words", () => {
  it('a percent off the products, any basket, without dates', () => {
    expect(promoWords(promo({ productDiscount: 10 }), { t, sum, language: 'eng', now })).toEqual({
      headline: '−10%',
      terms: ['promos.term.products(10%)', 'promos.term.anyBasket', 'promos.term.noEnd'],
    });
  });

  it('an amount off the products from a minimum, with its dates in the language asked', () => {
    const words = promoWords(
      promo({
        discountType: 'AMOUNT',
        productDiscount: 15000,
        minPrice: 100000,
        startDate: '2027-02-01T05:00:00Z',
        endDate: '2027-03-31T19:00:00Z',
      }),
      { t, sum, language: 'ru', now },
    );
    expect(words.headline).toBe("−15000 so'm");
    expect(words.terms).toEqual([
      "promos.term.products(15000 so'm)",
      "promos.term.minPrice(100000 so'm)",
      'promos.term.until(чт, 1 апреля, 00:00)',
      'promos.term.since(пн, 1 февраля, 10:00)',
    ]);
  });

  it('free delivery (100% off it), a part of the delivery, and both discounts at once', () => {
    expect(promoWords(promo({ deliveryDiscount: 100 }), { t, sum, language: 'eng', now }).headline).toBe('promos.term.freeDelivery');
    expect(promoWords(promo({ deliveryDiscount: 50 }), { t, sum, language: 'eng', now }).terms[0]).toBe('promos.term.delivery(50%)');
    const amount = promoWords(promo({ discountType: 'AMOUNT', deliveryDiscount: 5000 }), { t, sum, language: 'eng', now });
    expect(amount).toMatchObject({
      headline: "−5000 so'm",
      terms: ["promos.term.delivery(5000 so'm)", 'promos.term.anyBasket', 'promos.term.noEnd'],
    });
    const both = promoWords(promo({ productDiscount: 5, deliveryDiscount: 100 }), { t, sum, language: 'eng', now });
    expect(both.headline).toBe('−5%');
    expect(both.terms.slice(0, 2)).toEqual(['promos.term.products(5%)', 'promos.term.freeDelivery']);
  });
});

describe('in right-to-left text', () => {
  it('keeps each number whole with its sign: the percent through the numbers rule, money through the money format', () => {
    const numbers = (text: string) => `<${text}>`;
    expect(promoWords(promo({ productDiscount: 10 }), { t, sum, numbers, language: 'ar', now })).toMatchObject({
      headline: '<−10%>',
      terms: ['promos.term.products(<10%>)', 'promos.term.anyBasket', 'promos.term.noEnd'],
    });
  });
});
