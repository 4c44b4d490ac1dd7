import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import type { MediaService } from '../media/index.ts';
import type { OneTimePasswordSms } from '../staff/index.ts';
import { auditRoutes } from './audit.routes.ts';
import { mediaUploadRoutes } from './media.routes.ts';
import { adminMenuRoutes } from './menu/menu.routes.ts';
import { menuIoRoutes } from './menu-io/menu-io.routes.ts';
import { modificationGroupRoutes } from './menu/modification-groups.routes.ts';
import { branchRoutes, tableRoutes } from './branches/index.ts';
import { adminContentRoutes, adminPolicyRoutes } from './content/index.ts';
import { geocoderKeyRoutes, paymentAccountsRoutes, settingsRoutes } from './settings/index.ts';
import { adminPromoRoutes } from './promos/index.ts';
import { staffAdminRoutes } from './staff/index.ts';
import { zoneRoutes } from './zones/index.ts';
import { adminVacancyRoutes } from './vacancies/index.ts';

export * from './admin-kernel.ts';
export { auditPage } from './audit.routes.ts';

export interface AdminRoutesOptions {
  db: Db;
  clock: Clock;
  media: Pick<MediaService, 'upload'>;
  /** The largest picture upload (config MEDIA_UPLOAD_MB), in bytes. */
  uploadBytes: number;
  /** PAYMENT_SECRETS_KEY: the payment accounts' secrets are sealed with it (the development key when unset). */
  paymentSecretsKey?: string | undefined;
  /** The brand's SMS gateway (the auth feature's sender): a staff member's one-time password goes by SMS too. */
  sms?: OneTimePasswordSms;
}

/**
 * The back office's API, `/api/admin/v1/...` (issue 28, decision 017): each area's routes, registered here. Every
 * write goes through admin-kernel.ts (the area's roles, the versioned write, the audit record in the same transaction).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, clock, media, uploadBytes, paymentSecretsKey, sms },
) => {
  await app.register(auditRoutes, { db });
  await app.register(mediaUploadRoutes, { db, media, uploadBytes });
  await app.register(adminMenuRoutes, { db });
  await app.register(menuIoRoutes, { db });
  await app.register(branchRoutes, { db });
  await app.register(tableRoutes, { db });
  await app.register(adminContentRoutes, { db });
  await app.register(adminPolicyRoutes, { db });
  await app.register(settingsRoutes, { db });
  await app.register(paymentAccountsRoutes, { db, secretsKey: paymentSecretsKey });
  await app.register(geocoderKeyRoutes, { db, secretsKey: paymentSecretsKey });
  await app.register(adminPromoRoutes, { db });
  await app.register(staffAdminRoutes, { db, clock, sms });
  await app.register(zoneRoutes, { db });
  await app.register(modificationGroupRoutes, { db });
  await app.register(adminVacancyRoutes, { db });
};
