import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@dasturxon/domain';
import {
  Branch,
  BranchesQuery,
  BranchParams,
  ClosestBranch,
  ClosestBranchParams,
  ClosestBranchQuery,
  ErrorResponse,
} from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { assertOwnMerchant, merchantOf } from '../../plugins/tenant.ts';
import type { BranchesService } from './branches.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Finds the branch that serves a point now (the quote feature's `servingBranch`, handed over by app.ts). */
export type ServingBranchFinder = (
  merchantId: string,
  point: [number, number],
  serviceType: 'DELIVERY' | 'PICK_UP',
  now: Date,
) => Promise<{ branchId: string; distanceMeters: number } | null>;

export interface BranchesRoutesOptions {
  service: BranchesService;
  serving: ServingBranchFinder;
}

export const branchesRoutes: FastifyPluginAsyncZod<BranchesRoutesOptions> = async (app, { service, serving }) => {
  app.get(
    '/users/v1/branches/merchant/:merchantId/closest',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['branches'],
        summary:
          'The branch that serves a point now: its zone’s branch for delivery, else the nearest open one that delivers (or allows pickup for PICK_UP)',
        description: '404 BRANCH_NOT_FOUND when no branch takes that service now; another merchant’s id answers 404 MERCHANT_NOT_FOUND.',
        params: ClosestBranchParams,
        querystring: ClosestBranchQuery,
        response: { 200: ClosestBranch, ...errors },
      },
    },
    async (request) => {
      const merchant = assertOwnMerchant(request, request.params.merchantId);
      const { lat, lon, type } = request.query;
      const found = await serving(merchant.id, [lat, lon], type, app.clock.now());
      if (!found) throw new AppError('BRANCH_NOT_FOUND', { serviceType: type });
      return { ...(await service.one(merchant.id, found.branchId)), distance: found.distanceMeters };
    },
  );

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
