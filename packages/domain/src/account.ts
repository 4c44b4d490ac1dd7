import { samePlace } from './delivery.ts';
import type { OrderStatus } from './enums.ts';
import { courierHasOrder, isActiveStatus } from './order-status.ts';

/*
 * The customer's account: the one-time codes of the phone login (issue 5, decision 004), the profile's
 * rules and the saved addresses' (issue 12). The contracts (contracts/auth.ts, contracts/address.ts) build on these.
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

/** Saved addresses one customer keeps at one brand; saving one more answers 409 ADDRESS_LIMIT. */
export const MAX_SAVED_ADDRESSES = 50;

/** What tells two saved addresses apart: the point, the house and, in a block of flats, the door. */
export interface AddressDoor {
  latitude: number;
  longitude: number;
  houseNumber: string;
  details: { office?: string | undefined; entrance?: string | undefined; floor?: string | undefined };
}

/** A house number or a detail as compared: no outer or doubled spaces, any case; missing is empty. */
const normalised = (text: string | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Whether two addresses are the same door: the same place (`samePlace`, within ADDRESS_MATCH_TOLERANCE
 * degrees) with the same house number, office, entrance and floor. Saving such an address again updates the
 * one kept instead of adding a copy, so a guest's addresses sent after login never duplicate.
 */
export function isSameAddress(a: AddressDoor, b: AddressDoor): boolean {
  return (
    samePlace([a.latitude, a.longitude], [b.latitude, b.longitude]) &&
    normalised(a.houseNumber) === normalised(b.houseNumber) &&
    normalised(a.details.office) === normalised(b.details.office) &&
    normalised(a.details.entrance) === normalised(b.details.entrance) &&
    normalised(a.details.floor) === normalised(b.details.floor)
  );
}

/**
 * Whether the storefront asks the customer's name after the login (issue 29): only while the account has no name
 * of the customer's own and the customer has neither answered nor skipped the step (`nameAskedAt`), so it is asked
 * once. After a Telegram mini app login (`telegram`: the Telegram profile's name, which a first login copies into an
 * account without one) a name that is still exactly Telegram's is not the customer's own yet: the step asks, with it
 * filled in, and keeping it is one tap.
 */
export function asksName(
  user: { firstName: string; lastName: string; nameAskedAt: Date | string | null },
  telegram?: { firstName: string; lastName?: string | undefined },
): boolean {
  if (user.nameAskedAt !== null) return false;
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  if (first === '' && last === '') return true;
  return telegram !== undefined && first === telegram.firstName.trim() && last === (telegram.lastName ?? '').trim();
}

/**
 * What deleting the account means for the customer's orders: the active ones are counted for the warning, and
 * one a courier has (attached or on its way) refuses the deletion (ACCOUNT_ORDER_ON_WAY), since the courier
 * still needs the phone and the name.
 */
export function accountDeletion(statuses: readonly OrderStatus[]): { activeOrders: number; refused: boolean } {
  return { activeOrders: statuses.filter(isActiveStatus).length, refused: statuses.some(courierHasOrder) };
}

/** Cashback still to come: what the customer's active orders earn, credited when each is completed (completesOrder). */
export function pendingCashback(orders: readonly { status: OrderStatus; cashbackEarned: number }[]): number {
  return orders.filter((o) => isActiveStatus(o.status)).reduce((sum, o) => sum + o.cashbackEarned, 0);
}
