import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { merchantSecrets, type Db } from '@dasturxon/db';
import type { SmsGateway as SmsGatewayName } from '@dasturxon/domain';
import type { Clock } from '../clock.ts';
import { createEskizClient, EskizCredentials, eskizGateway } from './eskiz.gateway.ts';
import { createOutboxGateway, OUTBOX_FILE } from './outbox.gateway.ts';
import { PlayMobileCredentials, playMobileGateway } from './play-mobile.gateway.ts';
import { SmsError, type SmsGateway } from './sms.gateway.ts';

export interface SmsSenderOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  dataDir: string;
  eskizBaseUrl: string;
  playMobileBaseUrl: string;
  fetch?: typeof fetch;
}

/** The merchant fields that choose a gateway. */
export interface SmsMerchant {
  id: string;
  /** One of the domain's gateways: the database's check refuses any other name. */
  smsGateway: SmsGatewayName;
}

/**
 * Sends an SMS through the merchant's gateway (`merchants.sms_gateway`). Credentials live in
 * `merchant_secrets.sms_credentials`, keyed by gateway so a merchant can keep both and switch:
 *
 *     { "ESKIZ": { "email": "…", "password": "…", "from": "4546", "callbackUrl": "https://…" },
 *       "PLAY_MOBILE": { "login": "…", "password": "…", "originator": "3700" } }
 *
 * They are read on every send (a change takes effect at once); Eskiz tokens are kept per merchant.
 */
export function createSmsSender(options: SmsSenderOptions) {
  const outbox = createOutboxGateway({ file: resolve(options.dataDir, OUTBOX_FILE), clock: options.clock, log: options.log });
  const eskiz = createEskizClient({ baseUrl: options.eskizBaseUrl, clock: options.clock, ...(options.fetch ? { fetch: options.fetch } : {}) });

  async function credentialsOf(merchantId: string): Promise<Record<string, unknown>> {
    const [row] = await options.db
      .select({ sms: merchantSecrets.smsCredentials })
      .from(merchantSecrets)
      .where(eq(merchantSecrets.merchantId, merchantId))
      .limit(1);
    return row?.sms ?? {};
  }

  async function gatewayFor(merchant: SmsMerchant): Promise<SmsGateway> {
    switch (merchant.smsGateway) {
      case 'OUTBOX':
        return outbox;
      case 'ESKIZ': {
        const credentials = EskizCredentials.safeParse((await credentialsOf(merchant.id)).ESKIZ);
        if (!credentials.success) throw new SmsError('ESKIZ', `merchant ${merchant.id} uses ESKIZ without complete sms_credentials.ESKIZ (email, password)`);
        return eskizGateway(eskiz, merchant.id, credentials.data);
      }
      case 'PLAY_MOBILE': {
        const credentials = PlayMobileCredentials.safeParse((await credentialsOf(merchant.id)).PLAY_MOBILE);
        if (!credentials.success) {
          throw new SmsError('PLAY_MOBILE', `merchant ${merchant.id} uses PLAY_MOBILE without complete sms_credentials.PLAY_MOBILE (login, password)`);
        }
        return playMobileGateway({ baseUrl: options.playMobileBaseUrl, credentials: credentials.data, ...(options.fetch ? { fetch: options.fetch } : {}) });
      }
      default: {
        // Every gateway is handled above (the compiler holds this switch to the domain's list).
        const unknown: never = merchant.smsGateway;
        throw new SmsError('OUTBOX', `merchant ${merchant.id} has an unknown sms gateway ${JSON.stringify(unknown)}`);
      }
    }
  }

  return {
    /** Sends one SMS; throws SmsError when the gateway cannot be used or refuses. */
    async send(merchant: SmsMerchant, message: { to: string; text: string }): Promise<void> {
      const gateway = await gatewayFor(merchant);
      await gateway.send({ ...message, merchantId: merchant.id });
    },
    /** Forget cached gateway tokens (after a merchant's credentials change). */
    forget(merchantId?: string): void {
      eskiz.forget(merchantId);
    },
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;
