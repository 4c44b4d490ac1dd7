import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, scryptSync } from 'node:crypto';

/*
 * Secrets at rest (docs/decisions/009): a brand's payment provider credentials are stored sealed with
 * AES-256-GCM under a key derived from PAYMENT_SECRETS_KEY, each bound to its brand and provider (the
 * additional data), so a sealed value copied onto another brand's row does not open. The seed and the server
 * use this same helper, so the demo's accounts are sealed under the key the server opens them with.
 */

/** The key development and tests seal with when PAYMENT_SECRETS_KEY is not set (the server warns in production). */
export const DEV_PAYMENT_SECRETS_KEY = 'dasturxon-development-payment-secrets-key';

const VERSION = 'v1';
const SALT = 'dasturxon/payment-secrets/v1';

export interface SecretBox {
  /** `plain` sealed for `context` (e.g. `<merchantId>/PAYME`): `v1.<iv>.<ciphertext>.<tag>`, base64url parts. */
  seal(plain: string, context: string): string;
  /** The plain text of a sealed value; throws when the key, the context or the value is wrong. */
  open(sealed: string, context: string): string;
  /** A keyed digest of a credential (HMAC-SHA256): finds the row a caller's credential belongs to without keeping it in the clear. */
  digest(value: string): string;
}

const boxes = new Map<string, SecretBox>();

/**
 * The box of a secret. The secret is stretched once with scrypt (a weak setting costs a guesser as much as
 * it can), then split with HKDF into the encryption key and the digest key; boxes are kept per secret.
 */
export function createSecretBox(secret: string): SecretBox {
  const known = boxes.get(secret);
  if (known) return known;
  const master = scryptSync(secret, SALT, 32, { N: 2 ** 14, r: 8, p: 1 });
  const encryptionKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aes-256-gcm', 32));
  const digestKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'hmac-sha256 lookup', 32));
  const box: SecretBox = {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    digest(value) {
      return createHmac('sha256', digestKey).update(value, 'utf8').digest('base64url');
    },
  };
  boxes.set(secret, box);
  return box;
}
