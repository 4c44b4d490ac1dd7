import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@dasturxon/domain';
import { ErrorResponse, UploadedPicture } from '@dasturxon/domain/contracts';
import type { Db } from '@dasturxon/db';
import type { MediaService } from '../media/index.ts';
import { actorOf, adminErrors, adminSecurity, adminTags, audit } from './admin-kernel.ts';

export interface MediaUploadOptions {
  db: Db;
  media: Pick<MediaService, 'upload'>;
  /** The largest file accepted (config MEDIA_UPLOAD_MB). */
  uploadBytes: number;
}

/** The back office's picture upload: a product's photo, a banner, the logo (every role with a back office). */
export const mediaUploadRoutes: FastifyPluginAsyncZod<MediaUploadOptions> = async (app, { db, media, uploadBytes }) => {
  // Multipart is parsed in this plugin only: no other route takes files.
  await app.register(fastifyMultipart, { limits: { fileSize: uploadBytes, files: 1, fields: 0, parts: 2 } });

  app.post(
    '/admin/v1/media',
    {
      config: { tenant: 'active', staff: ['owner', 'admin', 'manager'] },
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Upload a picture',
        description:
          'multipart/form-data with one file (`file`): a JPEG, PNG, WebP, AVIF or GIF picture up to MEDIA_UPLOAD_MB (10 MB; 413 MEDIA_TOO_LARGE beyond). ' +
          'It is turned upright, bounded to 2000 px, stripped of its metadata and kept as WebP. Answers its key, which the image service serves at ' +
          '`/media/<key>?w=&h=` and which a product, banner, story or the settings name as their picture. 400 MEDIA_INVALID for anything that is not such a picture.',
        consumes: ['multipart/form-data'],
        response: { 201: UploadedPicture, ...adminErrors, 413: ErrorResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw new AppError('MEDIA_INVALID', { reason: 'send multipart/form-data with a file' });
      const part = await request.file();
      if (!part) throw new AppError('MEDIA_INVALID', { reason: 'no file' });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('MEDIA_TOO_LARGE', { maxBytes: uploadBytes });
        throw error;
      }
      const stored = await media.upload(actor.merchantId, bytes);
      await db.transaction((tx) =>
        audit(tx, actor, {
          objectType: 'media',
          objectId: stored.key,
          action: 'create',
          after: { ...stored, name: part.filename, bytes: bytes.length },
        }),
      );
      return reply.code(201).send({ ...stored, url: `/media/${stored.key}` });
    },
  );
};
