import { isPlausibleBirthday, type Gender, type User } from '@dasturxon/domain';
import { HttpError } from '../../lib/http.ts';
import { REQUIRED_KEY } from '../../shared/ui/text-field.tsx';
import type { UserChanges } from './profile.api.ts';

/** The personal-information form as the customer edits it: text fields hold '' for nothing. */
export interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  birthday: string;
  gender: Gender | null;
}
export type FieldName = keyof FormValues;

export const valuesOf = (user: User): FormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  birthday: user.birthday ?? '',
  gender: user.gender,
});

/** Today in the device's calendar, `YYYY-MM-DD`, for the birthday's upper bound. */
export function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** What the form would change, as `PUT /users/v1/users/{id}` takes it: only what differs, cleared fields as null. */
export function changesOf(before: FormValues, after: FormValues): UserChanges {
  const out: UserChanges = {};
  if (after.firstName.trim() !== before.firstName.trim()) out.firstName = after.firstName.trim();
  if (after.lastName.trim() !== before.lastName.trim()) out.lastName = after.lastName.trim();
  if (after.email.trim() !== before.email.trim()) out.email = after.email.trim() || null;
  if (after.birthday !== before.birthday) out.birthday = after.birthday || null;
  if (after.gender !== before.gender) out.gender = after.gender;
  return out;
}

/** The form's problems by field: a first name is needed (couriers and staff call the customer by it). */
export function validateUser(values: FormValues, todayIso: string, t: (key: string) => string): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!values.firstName.trim()) errors.firstName = t(REQUIRED_KEY);
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = t('profile.user.invalidEmail');
  if (values.birthday && !isPlausibleBirthday(values.birthday, todayIso)) errors.birthday = t('profile.user.invalidBirthday');
  return errors;
}

/** The field a 400 VALIDATION_FAILED answer names (`body.email` → email), if it is one of the form's. */
export function serverField(error: unknown): FieldName | null {
  const fields = error instanceof HttpError ? (error.body?.details as { fields?: { field?: string }[] } | undefined)?.fields : undefined;
  const name = fields?.[0]?.field?.split('.').pop();
  return name === 'firstName' || name === 'lastName' || name === 'email' || name === 'birthday' || name === 'gender' ? name : null;
}
