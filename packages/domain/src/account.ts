/*
 * The customer's account: the one-time codes of the phone login (issue 5, decision 004) and the profile's
 * rules. The contracts (contracts/auth.ts) build on these.
 */

/** Digits in a code. */
export const OTP_CODE_LENGTH = 6;
/** How long a code can be entered. */
export const OTP_TTL_SECONDS = 120;
/** How long before another code can be sent to the same number. */
export const OTP_RESEND_SECONDS = 60;
/** Wrong entries one client address may make on a code; after them the code is closed to that address only. */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Wrong entries on a code from all addresses but the one it was sent for; after them the code is
 * closed to every address but that one, which keeps its own OTP_MAX_ATTEMPTS. So a code takes at
 * most OTP_MAX_ATTEMPTS_ALL + OTP_MAX_ATTEMPTS guesses however many addresses guess
 * (docs/decisions/004-phone-login-and-sms.md).
 */
export const OTP_MAX_ATTEMPTS_ALL = 3 * OTP_MAX_ATTEMPTS;

/** The earliest birthday we keep; anything older is a typing slip. */
export const MIN_BIRTHDAY = '1900-01-01';

/** A birthday is a real date between MIN_BIRTHDAY and today (`YYYY-MM-DD`, both ends included). */
export function isPlausibleBirthday(birthday: string, today: string): boolean {
  return birthday >= MIN_BIRTHDAY && birthday <= today;
}
