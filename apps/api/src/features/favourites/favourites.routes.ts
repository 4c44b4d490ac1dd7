import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, FavouriteParams, FavouriteRequest, FavouritesQuery, FavouriteState, Product } from '@dasturxon/domain/contracts';
import { customerOf } from '../auth/index.ts';
import type { FavouritesService } from './favourites.service.ts';

const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const tags = ['favourites'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const OFF = "403 FEATURE_OFF while the brand's favouriteActive is off.";

/**
 * The customer's favourites (issue 31), the three calls of spec section 7 as it names them. The spec's WITH_TOKEN is the
 * bearer token (docs/spec-index.md): each is the signed-in customer's, of the brand of the call.
 */
export const favouritesRoutes: FastifyPluginAsyncZod<{ service: FavouritesService }> = async (app, { service }) => {
  app.get(
    '/products/v1/favourite/all',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The customer's favourite products, the latest marked first, with favourite: true",
        description:
          "Marked like the menu of `type` (and `branchId`); a favourite the menu no longer shows is left out. `userId` may only be the caller's own id " +
          `(another answers 403 FORBIDDEN); \`isFavourite=false\` answers [] (a cleared favourite is not kept). ${OFF}`,
        querystring: FavouritesQuery,
        response: { 200: z.array(Product), ...errors },
      },
    },
    async (request) => service.list(customerOf(request), request.query),
  );

  app.post(
    '/products/v1/favourite',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Mark a product as a favourite (isFavourite: true) or clear the mark (false); both idempotent',
        description: `A product the brand's menu does not show (another brand's, an unknown id, switched off) answers 404 PRODUCT_NOT_FOUND. ${OFF}`,
        body: FavouriteRequest,
        response: { 200: FavouriteState, ...errors },
      },
    },
    async (request) => service.set(customerOf(request), request.body.productId, request.body.isFavourite),
  );

  app.delete(
    '/products/v1/favourite/:id',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "Clear a favourite: `id` is the product's id; 204 whether or not it was one",
        description: `An id that is no product of this brand answers 404 PRODUCT_NOT_FOUND. ${OFF}`,
        params: FavouriteParams,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await service.clear(customerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
