import type { PaymentProvider } from './schema/index.ts';
import type { SecretBox } from './secret-box.ts';

/*
 * A brand's accounts at the payment providers, as the seed writes them and the server reads them: the
 * credentials sealed as one JSON value per provider, and the digest that finds the brand from a caller's
 * credential (docs/decisions/009). One module, so the seed and the server can never disagree on either.
 */

/** Payme's cashbox: its id, the KEY, the sandbox's TEST_KEY, and which of the two Payme is calling with now. */
export interface PaymeCredentials {
  cashboxId: string;
  key: string;
  testKey: string;
  /** The cashbox is in Payme's sandbox: calls come with the TEST_KEY, and the KEY is refused (and the other way round). */
  testMode: boolean;
}

/** Click's service: the SHOP API signs with the secret key; the merchant user id signs Merchant API calls. */
export interface ClickCredentials {
  serviceId: string;
  merchantId: string;
  secretKey: string;
  merchantUserId: string;
}

/** Uzum's service and the Basic auth login and password Uzum issued. */
export interface UzumCredentials {
  serviceId: string;
  login: string;
  password: string;
}

export type PaymentAccount =
  | { provider: 'PAYME'; credentials: PaymeCredentials }
  | { provider: 'CLICK'; credentials: ClickCredentials }
  | { provider: 'UZUM'; credentials: UzumCredentials };

/** Payme's login, always (docs/protocols.md 1.1). */
export const PAYME_LOGIN = 'Paycom';

/** The key Payme calls with now; empty when the cashbox has none for its mode (then nothing authenticates). */
export function paymeActiveKey(credentials: PaymeCredentials): string {
  return credentials.testMode ? credentials.testKey : credentials.key;
}

/**
 * What identifies a caller of the provider, as the caller presents it: Payme's and Uzum's decoded Basic
 * `login:password`, Click's service id. Null when the account cannot be called (no key for its mode).
 */
export function callerIdentity(account: PaymentAccount): string | null {
  switch (account.provider) {
    case 'PAYME': {
      const key = paymeActiveKey(account.credentials);
      return key ? `${PAYME_LOGIN}:${key}` : null;
    }
    case 'CLICK':
      return account.credentials.serviceId || null;
    case 'UZUM':
      return account.credentials.login && account.credentials.password
        ? `${account.credentials.login}:${account.credentials.password}`
        : null;
  }
}

/** The digest a caller's identity is looked up by (`payment_accounts.lookup`), per provider. */
export function callerLookup(box: SecretBox, provider: PaymentProvider, identity: string): string {
  return box.digest(`${provider}\n${identity}`);
}

const contextOf = (merchantId: string, provider: PaymentProvider) => `payment_accounts/${merchantId}/${provider}`;

/** The row of `payment_accounts` for an account: sealed, with its lookup digest (a value nothing matches when it cannot be called). */
export function sealPaymentAccount(box: SecretBox, merchantId: string, account: PaymentAccount) {
  const identity = callerIdentity(account);
  return {
    merchantId,
    provider: account.provider,
    credentials: box.seal(JSON.stringify(account.credentials), contextOf(merchantId, account.provider)),
    lookup: identity === null ? '-' : callerLookup(box, account.provider, identity),
  };
}

/** The account of a stored row; throws when it was sealed under another key or for another brand. */
export function openPaymentAccount(
  box: SecretBox,
  row: { merchantId: string; provider: PaymentProvider; credentials: string },
): PaymentAccount {
  const credentials = JSON.parse(box.open(row.credentials, contextOf(row.merchantId, row.provider))) as never;
  return { provider: row.provider, credentials } as PaymentAccount;
}
