import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GeocoderKeyState, GeocoderKeyWrite } from '@dasturxon/domain/contracts';
import type { Db } from '@dasturxon/db';
import { createBrandGeocoderKeys } from '../../geocoding/index.ts';
import { actorOf, adminErrors, adminOf, adminSecurity, audit } from '../admin-kernel.ts';

/*
 * The brand's own geocoder key (issue 29): write-only like the payment accounts' secrets, the owner's alone. With it
 * the address pickers of the brand's customers ask the keyed geocoder (GEOCODER_KEYED_URL) before the public one.
 */

const tags = ['admin: settings'];
const config = adminOf('paymentAccounts');

export const geocoderKeyRoutes: FastifyPluginAsyncZod<{ db: Db; secretsKey: string | undefined }> = async (app, { db, secretsKey }) => {
  const keys = createBrandGeocoderKeys({ db, secretsKey, log: app.log });

  app.get(
    '/admin/v1/geocoder-key',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Whether the brand has its own geocoder key (never the key itself)',
        response: { 200: GeocoderKeyState, ...adminErrors },
      },
    },
    async (request) => ({ configured: (await keys.keyOf(actorOf(request).merchantId)) !== null }),
  );

  app.put(
    '/admin/v1/geocoder-key',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: "Set the brand's own geocoder key (null removes it); the address pickers then ask the keyed geocoder first",
        body: GeocoderKeyWrite,
        response: { 200: GeocoderKeyState, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = (await keys.keyOf(actor.merchantId)) !== null;
      await db.transaction(async (tx) => {
        await keys.setKey(actor.merchantId, request.body.key, tx);
        // Only whether a key is set goes to the audit log, never its value.
        await audit(tx, actor, {
          objectType: 'geocoder-key',
          objectId: actor.merchantId,
          action: 'update',
          before: { configured: before },
          after: { configured: request.body.key !== null },
        });
      });
      return { configured: request.body.key !== null };
    },
  );
};
