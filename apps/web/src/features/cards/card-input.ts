import { cardExpiryProblem, luhnValid, normalizeCardNumber } from '@dasturxon/domain';

/*
 * The card form's fields as they are typed: the number in groups of four, the expiry as MM/YY, and what is wrong
 * with each by the domain's own rules (the server checks the same before the provider is asked).
 */

/** The number as shown while typing: digits only, at most 16, in groups of four (`8600 1234 5678 9012`). */
export function formatCardInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry as shown while typing: `MM/YY` (a slash after the month), at most four digits. */
export function formatExpiryInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** `MM/YY` as the API takes it: `MMYY`. */
export const expiryDigits = (shown: string): string => shown.replace(/\D/g, '');

export type CardNumberProblem = 'LENGTH' | 'CHECK' | null;
/** What is wrong with the number: not 16 digits, or a wrong check digit (a typo). */
export function cardNumberProblem(shown: string): CardNumberProblem {
  const digits = normalizeCardNumber(shown);
  if (!digits) return 'LENGTH';
  return luhnValid(digits) ? null : 'CHECK';
}

/** What is wrong with the expiry as of `now`: not MM/YY, or a month that has ended. */
export const expiryProblem = (shown: string, now: Date) => cardExpiryProblem(expiryDigits(shown), now);
