import { describe, expect, it } from 'vitest';
import type { AdminPromo } from '@dasturxon/domain/contracts';
import { formOf, instantOf, localInput, promoBody, type PromoFormState } from './promo-form.ts';

const filled = (over: Partial<PromoFormState> = {}): PromoFormState => ({ ...formOf(null), code: 'SPRING', value: '15', ...over });

describe('the promo form', () => {
  it('sends what the API takes: numbers, nulls for empty limits and dates, 0 for no minimum', () => {
    expect(promoBody(filled({ minPrice: '50 000', totalLimit: '100' }))).toEqual({
      ok: true,
      body: {
        code: 'SPRING',
        discountType: 'PERCENTAGE',
        target: 'PRODUCTS',
        value: 15,
        startDate: null,
        endDate: null,
        minPrice: 50_000,
        perCustomerLimit: null,
        totalLimit: 100,
        isActive: true,
        isPublic: false,
      },
    });
  });

  it("names the field at fault by the API's own rules", () => {
    const fields = (over: Partial<PromoFormState>) => {
      const checked = promoBody(filled(over));
      return checked.ok ? [] : checked.problems.map((p) => p.field);
    };
    expect(fields({ value: '150' })).toEqual(['value']);
    expect(fields({ value: '' })).toEqual(['value']);
    expect(fields({ discountType: 'AMOUNT', value: '150' })).toEqual([]);
    expect(fields({ code: 'a b' })).toEqual(['code']);
    expect(fields({ startDate: '2027-02-01T00:00', endDate: '2027-01-01T00:00' })).toEqual(['endDate']);
    expect(fields({ perCustomerLimit: '3', totalLimit: '2' })).toEqual(['perCustomerLimit']);
    expect(fields({ totalLimit: '0' })).toEqual(['totalLimit']);
  });

  it("shows a promo's dates on this device's clock and sends them back as the same instants", () => {
    const at = '2027-03-08T07:30:00.000Z';
    expect(instantOf(localInput(at))).toBe(at);
    expect(localInput(null)).toBe('');
    expect(instantOf('')).toBeNull();
  });

  it('fills the form from a promo as read', () => {
    const promo: AdminPromo = {
      id: '00000000-0000-4000-8000-000000000001',
      version: 3,
      code: 'Free-Ride',
      discountType: 'AMOUNT',
      target: 'DELIVERY',
      value: 10_000,
      startDate: null,
      endDate: null,
      minPrice: 0,
      perCustomerLimit: 1,
      totalLimit: null,
      isActive: false,
      isPublic: true,
      used: 4,
    };
    expect(formOf(promo)).toMatchObject({
      code: 'Free-Ride',
      target: 'DELIVERY',
      value: '10000',
      minPrice: '',
      perCustomerLimit: '1',
      totalLimit: '',
      isPublic: true,
    });
    const again = promoBody(formOf(promo));
    expect(again.ok && again.body).toMatchObject({
      discountType: 'AMOUNT',
      target: 'DELIVERY',
      value: 10_000,
      perCustomerLimit: 1,
      isActive: false,
      isPublic: true,
    });
  });
});
