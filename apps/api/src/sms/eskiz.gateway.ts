import { phoneDigits } from '@dasturxon/domain';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { answerSnippet, redactDigits, SMS_TIMEOUT_MS, SmsError, type SmsGateway, type SmsMessage } from './sms.gateway.ts';

/** `merchant_secrets.sms_credentials.ESKIZ`. */
export const EskizCredentials = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  /** The sender name; Eskiz's shared default is 4546. */
  from: z.string().min(1).default('4546'),
  /** Where Eskiz reports delivery, if the merchant wants reports. */
  callbackUrl: z.url().optional(),
});
export type EskizCredentials = z.infer<typeof EskizCredentials>;

/** Eskiz tokens live about 30 days; we renew a day ahead so a send never meets an expired one. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

const TokenAnswer = z.object({ data: z.object({ token: z.string().min(1) }) });

interface CachedToken {
  token: string;
  /** The account it was issued to: a merchant that changes its credentials logs in again. */
  email: string;
  /** From the JWT's `exp`, when it has one. */
  expiresAt: number | null;
}

/** The `exp` of a JWT in milliseconds, or null when the token does not say. */
function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Eskiz.uz (docs/protocols.md 5.1). Logs in with the merchant's e-mail and password, keeps the token
 * per merchant for every later message, renews it before it expires (`PATCH /auth/refresh`), and
 * on a 401 refreshes it, or logs in again when the refresh is refused, then sends once more.
 * Forms go as multipart, the encoding Eskiz's own documentation uses.
 */
export function createEskizClient(options: { baseUrl: string; clock: Clock; fetch?: typeof fetch }) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const tokens = new Map<string, CachedToken>();
  // Parallel sends of one merchant share one login instead of each starting its own.
  const logins = new Map<string, Promise<CachedToken>>();

  const call = (path: string, init: RequestInit) => doFetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });

  async function readToken(response: Response, what: string, email: string): Promise<CachedToken> {
    if (!response.ok)
      throw new SmsError('ESKIZ', `Eskiz ${what} answered ${response.status}: ${await answerSnippet(response)}`, response.status);
    const parsed = TokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SmsError('ESKIZ', `Eskiz ${what} answered without data.token`);
    const token = parsed.data.data.token;
    return { token, email, expiresAt: jwtExpiry(token) };
  }

  async function login(merchantId: string, credentials: EskizCredentials): Promise<CachedToken> {
    const running = logins.get(merchantId);
    if (running) return running;
    const attempt = (async () => {
      const form = new FormData();
      form.set('email', credentials.email);
      form.set('password', credentials.password);
      const fresh = await readToken(await call('/auth/login', { method: 'POST', body: form }), 'login', credentials.email);
      tokens.set(merchantId, fresh);
      return fresh;
    })();
    logins.set(merchantId, attempt);
    try {
      return await attempt;
    } finally {
      logins.delete(merchantId);
    }
  }

  /** A renewed token, or null when Eskiz refuses to renew this one. */
  async function refresh(merchantId: string, current: CachedToken): Promise<CachedToken | null> {
    const response = await call('/auth/refresh', { method: 'PATCH', headers: { authorization: `Bearer ${current.token}` } });
    if (response.status === 401 || response.status === 403) return null;
    const fresh = await readToken(response, 'refresh', current.email);
    tokens.set(merchantId, fresh);
    return fresh;
  }

  async function tokenFor(merchantId: string, credentials: EskizCredentials): Promise<CachedToken> {
    const cached = tokens.get(merchantId);
    if (!cached || cached.email !== credentials.email) return login(merchantId, credentials);
    if (cached.expiresAt === null) return cached;
    const left = cached.expiresAt - options.clock.now().getTime();
    if (left <= 0) return login(merchantId, credentials);
    if (left < RENEW_BEFORE_MS) return (await refresh(merchantId, cached)) ?? login(merchantId, credentials);
    return cached;
  }

  function sendWith(token: string, credentials: EskizCredentials, message: SmsMessage): Promise<Response> {
    const form = new FormData();
    form.set('mobile_phone', phoneDigits(message.to));
    form.set('message', message.text);
    form.set('from', credentials.from);
    if (credentials.callbackUrl) form.set('callback_url', credentials.callbackUrl);
    return call('/message/sms/send', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  }

  return {
    async send(merchantId: string, credentials: EskizCredentials, message: SmsMessage): Promise<void> {
      let token = await tokenFor(merchantId, credentials);
      let response = await sendWith(token.token, credentials, message);
      if (response.status === 401) {
        await response.body?.cancel();
        token = (await refresh(merchantId, token)) ?? (await login(merchantId, credentials));
        response = await sendWith(token.token, credentials, message);
      }
      if (!response.ok) {
        throw new SmsError('ESKIZ', `Eskiz send answered ${response.status}: ${await answerSnippet(response)}`, response.status);
      }
      const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
      if (body && body.status === 'error')
        throw new SmsError('ESKIZ', `Eskiz send answered an error: ${redactDigits(JSON.stringify(body).slice(0, 300))}`);
    },
    /** Forget the tokens (tests, or after a merchant's credentials change). */
    forget(merchantId?: string): void {
      if (merchantId) tokens.delete(merchantId);
      else tokens.clear();
    },
  };
}

export type EskizClient = ReturnType<typeof createEskizClient>;

/** The Eskiz gateway of one merchant. */
export function eskizGateway(client: EskizClient, merchantId: string, credentials: EskizCredentials): SmsGateway {
  return { name: 'ESKIZ', send: (message) => client.send(merchantId, credentials, message) };
}
