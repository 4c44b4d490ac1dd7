import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Banner, BrandEntry, CompanyPolicy, ErrorResponse, PoliciesQuery, Story } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { merchantOf } from '../../plugins/tenant.ts';
import type { ContentService } from './content.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const contentRoutes: FastifyPluginAsyncZod<{ service: ContentService }> = async (app, { service }) => {
  app.get(
    '/support/v1/brand/catalog',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['content'],
        summary: "The merchant's brand entries, the tabs of multi-tab navigation",
        response: { 200: z.array(BrandEntry), ...errors },
      },
    },
    async (request) => service.brandCatalog(merchantOf(request).id),
  );

  app.get(
    '/support/v1/banner',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['content'],
        summary: 'Active banners by priority; empty while bannersActive is off',
        response: { 200: z.array(Banner), ...errors },
      },
    },
    async (request) => service.banners(merchantOf(request).id),
  );

  app.get(
    '/notifications/v2/stories',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['content'],
        summary: 'Stories whose window holds now, by priority; empty while storiesActive is off',
        response: { 200: z.array(Story), ...errors },
      },
    },
    async (request) => service.stories(merchantOf(request).id),
  );

  app.get(
    '/support/v1/company/policies',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['content'],
        summary: 'A company policy (terms, about the company, privacy); 404 NOT_FOUND when the merchant has none of that type',
        querystring: PoliciesQuery,
        response: { 200: CompanyPolicy, ...errors },
      },
    },
    async (request) => service.policy(merchantOf(request).id, request.query.policies),
  );
};
