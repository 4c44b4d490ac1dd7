import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import type { MediaService } from '../media/index.ts';
import { auditRoutes } from './audit.routes.ts';
import { mediaUploadRoutes } from './media.routes.ts';
import { adminMenuRoutes } from './menu/menu.routes.ts';
import { menuIoRoutes } from './menu-io/menu-io.routes.ts';
import { modificationGroupRoutes } from './menu/modification-groups.routes.ts';
import { branchRoutes, tableRoutes } from './branches/index.ts';

export * from './admin-kernel.ts';
export { auditPage } from './audit.routes.ts';

export interface AdminRoutesOptions {
  db: Db;
  clock: Clock;
  media: Pick<MediaService, 'upload'>;
  /** The largest picture upload (config MEDIA_UPLOAD_MB), in bytes. */
  uploadBytes: number;
}

/**
 * The back office's API, `/api/admin/v1/...` (issue 28, decision 017): each area's routes, registered here. Every
 * write goes through admin-kernel.ts (the area's roles, the versioned write, the audit record in the same transaction).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, media, uploadBytes }) => {
  await app.register(auditRoutes, { db });
  await app.register(mediaUploadRoutes, { db, media, uploadBytes });
  await app.register(adminMenuRoutes, { db });
  await app.register(menuIoRoutes, { db });
  await app.register(branchRoutes, { db });
  await app.register(tableRoutes, { db });
  await app.register(modificationGroupRoutes, { db });
};
