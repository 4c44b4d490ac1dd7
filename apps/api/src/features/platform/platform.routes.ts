import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@dasturxon/domain';
import { AdminIdParams, BrandState, BrandStateRequest, CreateBrandRequest, CreatedBrand, ErrorResponse } from '@dasturxon/domain/contracts';
import { bearerToken } from '../auth/index.ts';
import type { PlatformService } from './platform.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['platform'];
const security = [{ bearer: [] }];
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The platform operator's API (issue 28): a new brand without code, and a brand's deactivation, under
 * `/api/platform/v1` with `Authorization: Bearer <PLATFORM_ADMIN_TOKEN>`. Without the token configured there is no
 * platform API at all (404); a wrong token is 401. The brand command (`npm run brand`) calls the same service.
 */
export const platformRoutes: FastifyPluginAsyncZod<{ service: PlatformService; token: string | undefined }> = async (
  app,
  { service, token },
) => {
  app.addHook('onRequest', async (request) => {
    if (!token) throw new AppError('NOT_FOUND');
    const given = bearerToken(request);
    // Compared as digests of equal length, in constant time.
    if (!given || !timingSafeEqual(digest(given), digest(token))) throw new AppError('UNAUTHORIZED');
  });

  app.post(
    '/platform/v1/merchants',
    {
      schema: {
        tags,
        security,
        summary: 'Open a new brand',
        description:
          'Creates, in one transaction, the brand (served at once at `<sub>.<base domain>`), its settings with the defaults, a first city and branch to fill in ' +
          '(not taking orders until its owner opens it), and its owner’s console account with a one-time password, answered once and sent by SMS. ' +
          '409 MERCHANT_SUB_TAKEN when the sub-domain is another brand’s.',
        body: CreateBrandRequest,
        response: { 201: CreatedBrand, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createBrand(request.body)),
  );

  app.patch(
    '/platform/v1/merchants/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate or reactivate a brand',
        description:
          'A deactivated brand’s storefront shows the blocked page and its API answers MERCHANT_BLOCKED; reactivated, it serves again.',
        params: AdminIdParams,
        body: BrandStateRequest,
        response: { 200: BrandState, ...errors },
      },
    },
    async (request) => service.setActive({ id: request.params.id }, request.body.isActive),
  );
};
