/*
 * Saved cards' rules (docs/spec-index.md section 3, Payment card; issue 14), pure so the storefront checks a number as it is typed
 * with the server's own rule: the number's shape and check digit, the expiry, the mask and the scheme.
 */

/** The providers a card can be saved at (Click's card tokens; Payme's and Uzum's are not taken yet). */
export const CARD_PROVIDERS = ['CLICK'] as const;
export type CardProvider = (typeof CARD_PROVIDERS)[number];

/** The card's scheme, from its first digits (for the icon). */
export const CARD_TYPES = ['UZCARD', 'HUMO', 'VISA', 'MASTERCARD', 'OTHER'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Digits of the SMS code Click sends to confirm a card. */
export const CARD_CODE_LENGTH = 6;

/** The digits of a typed card number (spaces and dashes between groups are allowed); null when it is not 16 digits. */
export function normalizeCardNumber(input: string): string | null {
  if (!/^[\d -]{16,40}$/.test(input)) return null;
  const digits = input.replace(/[ -]/g, '');
  return /^\d{16}$/.test(digits) ? digits : null;
}

/** The Luhn check digit test (ISO/IEC 7812) of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What is shown of a card: `8600 **** **** 1234` (the scheme's first four and the last four digits). */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

/** The scheme of a card number by its first digits. */
export function cardTypeOf(digits: string): CardType {
  if (/^(8600|5614)/.test(digits)) return 'UZCARD';
  if (/^9860/.test(digits)) return 'HUMO';
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  return 'OTHER';
}

/**
 * What is wrong with an expiry written `MMYY` as of `now` (year and month in UTC): `FORMAT` for anything but a
 * month 01-12 and two digits of year, `EXPIRED` once the card's month has ended; null when it is fine. A card is
 * good through the last day of its month.
 */
export function cardExpiryProblem(expireDate: string, now: Date): 'FORMAT' | 'EXPIRED' | null {
  const match = /^(0[1-9]|1[0-2])(\d{2})$/.exec(expireDate);
  if (!match) return 'FORMAT';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < current ? 'EXPIRED' : null;
}

/** `MMYY` as shown: `MM/YY`. */
export const expiryShown = (expireDate: string) => `${expireDate.slice(0, 2)}/${expireDate.slice(2)}`;
