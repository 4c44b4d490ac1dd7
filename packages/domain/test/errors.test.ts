import { describe, expect, it } from 'vitest';
import { ErrorResponse } from '../src/contracts/common.ts';
import { AppError, ERROR_CATALOGUE, type ErrorCode, errorBody, isErrorCode } from '../src/errors.ts';

const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

describe('the error catalogue', () => {
  it.each(codes)('%s has a 4xx or 5xx status, a message and a text in ru, uz and eng', (code) => {
    const e = ERROR_CATALOGUE[code];
    expect(e.status).toBeGreaterThanOrEqual(400);
    expect(e.status).toBeLessThan(600);
    expect(Number.isInteger(e.status)).toBe(true);
    expect(e.message.trim()).not.toBe('');
    for (const lang of ['ru', 'uz', 'eng'] as const) expect(e.description[lang].trim(), `${code}.${lang}`).not.toBe('');
  });

  it('spells codes in UPPER_SNAKE', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('has the codes the spec names', () => {
    for (const code of [
      'PROMO_NOT_ACTIVE',
      'PROMO_NOT_STARTED',
      'PROMO_EXPIRED',
      'PROMO_MIN_PRICE',
      'NOT_ENOUGH_PRODUCTS',
      'OUT_OF_SERVICE_ZONE',
      'OTP_INVALID',
      'MERCHANT_BLOCKED',
    ]) {
      expect(isErrorCode(code), code).toBe(true);
    }
  });

  it('uses the spec wording where the spec gives it', () => {
    expect(ERROR_CATALOGUE.NOT_ENOUGH_PRODUCTS.description.uz).toBe('Mahsulot soni yetarlicha emas!');
    expect(ERROR_CATALOGUE.OTP_INVALID.description.uz).toBe("Noto'g'ri kod yoki kod kiritish muddati o'tib ketgan");
    expect(ERROR_CATALOGUE.INTERNAL_ERROR.description.ru).toBe('Произошла ошибка, попробуйте позже');
  });
});

describe('AppError', () => {
  it('carries the code, the status and the catalogue message', () => {
    const e = new AppError('PROMO_EXPIRED', { promoCode: 'SPRING' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('AppError');
    expect(e.code).toBe('PROMO_EXPIRED');
    expect(e.status).toBe(409);
    expect(e.message).toBe('Promo code has expired');
  });

  it('turns into the body of an error answer', () => {
    expect(new AppError('NOT_ENOUGH_PRODUCTS', { max: 3 }).toBody()).toEqual({
      code: 'NOT_ENOUGH_PRODUCTS',
      message: 'Not enough products',
      description: ERROR_CATALOGUE.NOT_ENOUGH_PRODUCTS.description,
      details: { max: 3 },
    });
  });

  it('leaves details out of the body when there are none', () => {
    const body = new AppError('NOT_FOUND').toBody();
    expect(body).not.toHaveProperty('details');
    expect(body).toEqual(errorBody('NOT_FOUND'));
  });

  it('gives bodies that match the error response contract', () => {
    for (const code of codes) {
      expect(ErrorResponse.safeParse(new AppError(code, { a: 1 }).toBody()).success, code).toBe(true);
      expect(ErrorResponse.safeParse(new AppError(code).toBody()).success, code).toBe(true);
    }
  });
});

describe('isErrorCode', () => {
  it('knows catalogue codes only', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
