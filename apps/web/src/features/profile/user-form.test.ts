import { describe, expect, it } from 'vitest';
import type { User } from '@dasturxon/domain';
import { HttpError } from '../../lib/http.ts';
import { changesOf, serverField, today, validateUser, valuesOf } from './user-form.ts';

const user: User = {
  id: '00000000-0000-4000-8000-000000000001',
  merchantId: '00000000-0000-4000-8000-000000000002',
  phone: '+998901234567',
  firstName: 'Aziza',
  lastName: '',
  email: null,
  birthday: null,
  image: null,
  gender: null,
  role: 'CUSTOMER',
  cashback: 0,
  isActive: true,
};
const t = (key: string) => key;

describe('the personal-information form', () => {
  it('sends only what changed, trimmed, and clears with null', () => {
    const before = valuesOf({ ...user, email: 'a@b.uz', birthday: '1990-01-02' });
    expect(changesOf(before, before)).toEqual({});
    expect(changesOf(before, { ...before, firstName: ' Aziza ', lastName: ' Karimova ' })).toEqual({ lastName: 'Karimova' });
    expect(changesOf(before, { ...before, email: '', birthday: '', gender: 'female' })).toEqual({
      email: null,
      birthday: null,
      gender: 'female',
    });
  });

  it('needs a first name, a real e-mail and a plausible birthday', () => {
    const values = valuesOf(user);
    expect(validateUser(values, '2026-01-01', t)).toEqual({});
    expect(validateUser({ ...values, firstName: '  ' }, '2026-01-01', t)).toEqual({ firstName: 'form.required' });
    expect(validateUser({ ...values, email: 'aziza@' }, '2026-01-01', t)).toEqual({ email: 'profile.user.invalidEmail' });
    expect(validateUser({ ...values, birthday: '2027-01-01' }, '2026-01-01', t)).toEqual({ birthday: 'profile.user.invalidBirthday' });
    expect(validateUser({ ...values, birthday: '1899-12-31' }, '2026-01-01', t)).toEqual({ birthday: 'profile.user.invalidBirthday' });
  });

  it("reads today's date in the device calendar", () => {
    expect(today(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('finds the field a validation answer names', () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: '',
      description: { ru: '', uz: '', eng: '' },
      details: { fields: [{ field: 'body.email', message: 'Invalid email' }] },
    };
    expect(serverField(new HttpError('http', 400, body as never, ''))).toBe('email');
    expect(serverField(new Error('x'))).toBeNull();
  });
});
