import { randomInt } from 'node:crypto';
import type { ContentLanguage } from '@dasturxon/domain';
import { hashPassword } from '@dasturxon/db';
import type { SmsMerchant } from '../../sms/sms.sender.ts';

/*
 * A one-time password for a staff account (issue 28): a new brand's owner (the platform), an invited member and a
 * reset password (the back office's staff). Answered once to whoever made it, sent by SMS to the member, kept only as
 * its hash; the account must set its own password at the first login (staff.must_change_password).
 */

/** Letters and digits a person can read out without confusing them (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_LENGTH = 12;

/** A one-time password: 12 characters of a readable alphabet (about 70 bits). */
export function oneTimePassword(): string {
  let out = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** A fresh one-time password and the hash the account keeps of it. */
export async function newOneTimePassword(): Promise<{ password: string; passwordHash: string }> {
  const password = oneTimePassword();
  return { password, passwordHash: await hashPassword(password) };
}

/** Sends a message through the brand's SMS gateway (the auth feature's sender). */
export interface OneTimePasswordSms {
  send(merchant: SmsMerchant, message: { to: string; text: string }): Promise<void>;
}

/** The member's message, in the brand's main language: the brand, the console's address, the password. */
const MESSAGE: Record<ContentLanguage, (brand: string, password: string, url: string) => string> = {
  ru: (brand, password, url) => `${brand}: пароль для входа в пульт ${url}/ops — ${password}. Смените его после входа.`,
  uz: (brand, password, url) => `${brand}: ${url}/ops pultiga kirish paroli — ${password}. Kirgandan keyin uni o'zgartiring.`,
  eng: (brand, password, url) => `${brand}: your console password for ${url}/ops is ${password}. Change it after signing in.`,
};

/**
 * Sends a one-time password to a member's phone; answers whether it went. A failure is logged and leaves the account
 * as made (the caller's answer carries the password, and says it was not sent).
 */
export async function sendOneTimePassword(
  deps: { sms?: OneTimePasswordSms | undefined; log?: { warn(obj: unknown, msg?: string): void } | undefined },
  to: { merchant: SmsMerchant; phone: string; brand: string; language: ContentLanguage; site: string },
  password: string,
): Promise<boolean> {
  if (!deps.sms) return false;
  try {
    await deps.sms.send(to.merchant, { to: to.phone, text: MESSAGE[to.language](to.brand, password, to.site) });
    return true;
  } catch (error) {
    deps.log?.warn({ err: error, merchantId: to.merchant.id }, 'a one-time staff password was not sent by SMS');
    return false;
  }
}
