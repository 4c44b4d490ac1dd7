import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_DEFAULTS } from '@dasturxon/domain';
import { ErrorResponse } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { IMAGE_LIMITS, type ImageResult, type MediaService } from './media.service.ts';

const YEAR_SECONDS = 31_536_000;
/** A missing picture may be uploaded soon: its placeholder is kept briefly, never for a year. */
const MISSING_SECONDS = 300;

const side = (fallback: number) => z.coerce.number().int().min(IMAGE_LIMITS.minSide).max(IMAGE_LIMITS.maxSide).default(fallback);

/** The image service's parameters (domain `imageUrl` writes them): width, height, quality, format. */
export const ImageQuery = z.object({
  w: side(IMAGE_DEFAULTS.width),
  h: side(IMAGE_DEFAULTS.height),
  q: z.coerce.number().int().min(IMAGE_LIMITS.minQuality).max(IMAGE_LIMITS.maxQuality).default(IMAGE_DEFAULTS.quality),
  f: z
    .enum(['webp', 'jpeg', 'jpg', 'png', 'avif'])
    .default(IMAGE_DEFAULTS.format)
    .transform((f) => (f === 'jpg' ? 'jpeg' : f)),
});

function send(reply: FastifyReply, result: ImageResult) {
  if (result.fallback) {
    // A stand-in for a variant the queue could not make: the browser must ask again, and must not
    // take these bytes for the variant by a tag.
    reply.header('cache-control', 'no-store').header('x-media-fallback', result.fallback);
  } else {
    const maxAge = result.placeholder === 'missing' || result.placeholder === 'unreadable' ? MISSING_SECONDS : YEAR_SECONDS;
    reply
      .header('cache-control', maxAge === YEAR_SECONDS ? `public, max-age=${YEAR_SECONDS}, immutable` : `public, max-age=${maxAge}`)
      .header('etag', result.etag);
  }
  return reply
    .header('content-type', result.contentType)
    .header('x-media-cache', result.cache)
    .header('content-length', result.body.length)
    .header('x-media-placeholder', result.placeholder ?? 'no')
    .send(result.body);
}

/** `GET /media/<key>?w=&h=&q=&f=`: pictures through the resizing service; `/media/placeholder` is the placeholder itself. */
export const mediaRoutes: FastifyPluginAsyncZod<{ service: MediaService }> = async (app, { service }) => {
  const schema = { hide: true, querystring: ImageQuery, response: { 400: ErrorResponse, 404: ErrorResponse } };
  const paramsOf = (q: z.infer<typeof ImageQuery>) => ({ width: q.w, height: q.h, quality: q.q, format: q.f });

  app.get('/media/placeholder', { schema }, async (request, reply) => send(reply, await service.placeholder(paramsOf(request.query))));

  app.get('/media/*', { schema }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    return send(reply, await service.image(key, paramsOf(request.query)));
  });
};
