import { resolve } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { merchants, merchantSecrets, type Db } from '@dasturxon/db';
import type { SmsGateway as SmsGatewayName } from '@dasturxon/domain';
import type { Clock } from '../clock.ts';
import { ConfigError } from '../config.ts';
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
  /** Whether the outbox gateway may send: always outside production, with SMS_OUTBOX=true in it. */
  outboxAllowed: boolean;
  fetch?: typeof fetch;
  /** Told of each send, by gateway and result (the `sms_total` metric). */
  counted?: (gateway: SmsGatewayName, result: 'sent' | 'refused') => void;
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
  const outbox = createOutboxGateway({
    file: resolve(options.dataDir, OUTBOX_FILE),
    clock: options.clock,
    log: options.log,
    allowed: options.outboxAllowed,
  });
  const eskiz = createEskizClient({
    baseUrl: options.eskizBaseUrl,
    clock: options.clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

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
        if (!credentials.success)
          throw new SmsError('ESKIZ', `merchant ${merchant.id} uses ESKIZ without complete sms_credentials.ESKIZ (email, password)`);
        return eskizGateway(eskiz, merchant.id, credentials.data);
      }
      case 'PLAY_MOBILE': {
        const credentials = PlayMobileCredentials.safeParse((await credentialsOf(merchant.id)).PLAY_MOBILE);
        if (!credentials.success) {
          throw new SmsError(
            'PLAY_MOBILE',
            `merchant ${merchant.id} uses PLAY_MOBILE without complete sms_credentials.PLAY_MOBILE (login, password)`,
          );
        }
        return playMobileGateway({
          baseUrl: options.playMobileBaseUrl,
          credentials: credentials.data,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
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
      try {
        const gateway = await gatewayFor(merchant);
        await gateway.send({ ...message, merchantId: merchant.id });
      } catch (error) {
        options.counted?.(merchant.smsGateway, 'refused');
        throw error;
      }
      options.counted?.(merchant.smsGateway, 'sent');
    },
    /** Forget cached gateway tokens (after a merchant's credentials change). */
    forget(merchantId?: string): void {
      eskiz.forget(merchantId);
    },
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;

/**
 * At start, in production: the demo outbox writes login codes to a file, so a brand that uses it stops the
 * server (ConfigError) unless SMS_OUTBOX=true says so. Answers the brands that use it when it does, for the
 * warning at start; null otherwise.
 */
export async function outboxBrandsAtStart(options: { db: Db; production: boolean; allowed: boolean }): Promise<string | null> {
  if (!options.production) return null;
  const rows = await options.db
    .select({ sub: merchants.sub })
    .from(merchants)
    .where(eq(merchants.smsGateway, 'OUTBOX'))
    .orderBy(asc(merchants.sub));
  if (!rows.length) return null;
  const brands = rows.map((r) => r.sub).join(', ');
  if (!options.allowed) {
    throw new ConfigError(
      `SMS_OUTBOX: brands ${brands} send their login codes to the demo outbox (DATA_DIR/${OUTBOX_FILE}), not by SMS. ` +
        'Give them a real gateway (merchants.sms_gateway), or set SMS_OUTBOX=true to run so in production.',
    );
  }
  return brands;
}
