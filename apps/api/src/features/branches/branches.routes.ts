import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Branch, BranchesQuery, BranchParams, ErrorResponse } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { merchantOf } from '../../plugins/tenant.ts';
import type { BranchesService } from './branches.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const branchesRoutes: FastifyPluginAsyncZod<{ service: BranchesService }> = async (app, { service }) => {
  app.get(
    '/users/v1/branches',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['branches'],
        summary: "The merchant's branches with settings, hours, open now and today's hours",
        response: { 200: z.array(Branch), ...errors },
      },
    },
    async (request) => service.list(merchantOf(request).id),
  );

  app.get(
    '/users/v1/branches/full',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['branches'],
        summary: 'The branches of one city (all without cityId); 404 CITY_NOT_FOUND for a city that is not the merchant’s',
        querystring: BranchesQuery,
        response: { 200: z.array(Branch), ...errors },
      },
    },
    async (request) => service.ofCity(merchantOf(request).id, request.query.cityId),
  );

  app.get(
    '/users/v1/branches/:id',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['branches'],
        summary: 'One branch; 404 BRANCH_NOT_FOUND for another merchant’s or a deleted one',
        params: BranchParams,
        response: { 200: Branch, ...errors },
      },
    },
    async (request) => service.one(merchantOf(request).id, request.params.id),
  );
};
