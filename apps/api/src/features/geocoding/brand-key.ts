import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createSecretBox, DEV_PAYMENT_SECRETS_KEY, merchantSecrets, merchantSettings, type Db } from '@dasturxon/db';
import { yandexMapKeyOf } from '@dasturxon/domain';

/* A brand's own geocoder key, sealed in merchant_secrets like its other secrets (AES-256-GCM under PAYMENT_SECRETS_KEY, bound to the brand); never returned by a call. */

const sealContext = (merchantId: string) => `merchant_secrets/${merchantId}/geocoder_key`;

export function createBrandGeocoderKeys({ db, secretsKey, log }: { db: Db; secretsKey: string | undefined; log: FastifyBaseLogger }) {
  const box = createSecretBox(secretsKey ?? DEV_PAYMENT_SECRETS_KEY);
  return {
    /** The brand's key, or null when it has none (or it does not open with the deployment's key). */
    async keyOf(merchantId: string): Promise<string | null> {
      const [row] = await db
        .select({ sealed: merchantSecrets.geocoderKey })
        .from(merchantSecrets)
        .where(eq(merchantSecrets.merchantId, merchantId))
        .limit(1);
      if (!row?.sealed) return null;
      try {
        return box.open(row.sealed, sealContext(merchantId));
      } catch {
        log.error({ merchantId }, "the brand's geocoder key does not open with PAYMENT_SECRETS_KEY");
        return null;
      }
    },
    /** Seals and keeps a brand's key; null removes it (`on`: the caller's transaction). */
    async setKey(merchantId: string, key: string | null, on: Db = db): Promise<void> {
      const sealed = key ? box.seal(key, sealContext(merchantId)) : null;
      await on
        .insert(merchantSecrets)
        .values({ merchantId, geocoderKey: sealed })
        .onConflictDoUpdate({ target: merchantSecrets.merchantId, set: { geocoderKey: sealed } });
    },
  };
}

export type BrandGeocoderKeys = ReturnType<typeof createBrandGeocoderKeys>;

/**
 * A brand's Yandex key for Yandex's geocoder: the storefront's (WEB) settings' `yandexMapKey` when its maps are
 * Yandex's (packages/domain maps.ts), else null. Not a secret: the storefront loads Yandex's maps with it.
 */
export function createBrandYandexKeys(db: Db) {
  return async (merchantId: string): Promise<string | null> => {
    const [row] = await db
      .select({ mapType: merchantSettings.mapType, yandexMapKey: merchantSettings.yandexMapKey })
      .from(merchantSettings)
      .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')))
      .limit(1);
    return yandexMapKeyOf(row);
  };
}
