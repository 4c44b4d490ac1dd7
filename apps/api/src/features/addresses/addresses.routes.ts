import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Address, AddressIdParams, AddressListParams, AddressRequest, AddressUserParams, ErrorResponse } from '@dasturxon/domain/contracts';
import { requireUser } from '../auth/index.ts';
import { assertOwnMerchant, merchantOf } from '../../plugins/tenant.ts';
import type { AddressesService } from './addresses.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const tags = ['addresses'];
const NoContent = z.null().describe('No content');

/** Saved addresses of the signed-in customer (docs/spec-index.md section 7, addresses). */
export const addressesRoutes: FastifyPluginAsyncZod<{ service: AddressesService }> = async (app, { service }) => {
  app.get(
    '/users/v1/addresses/merchant/:merchantId/user/:userId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The signed-in customer's saved addresses, newest first",
        description: "Another merchant's id answers 404 MERCHANT_NOT_FOUND; another customer's id 404 NOT_FOUND.",
        security,
        params: AddressListParams,
        response: { 200: z.array(Address), ...errors },
      },
    },
    async (request) => {
      const merchant = assertOwnMerchant(request, request.params.merchantId);
      return service.list({ merchantId: merchant.id, id: requireUser(request).id }, request.params.userId);
    },
  );

  app.post(
    '/users/v1/addresses/user/:userId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Save an address',
        description:
          '201 with the new address. When the customer already keeps the same door (within 0.000099° in latitude and longitude, the same ' +
          'house number, office, entrance and floor), 200 with that address, updated with the fields sent, and no copy is made. ' +
          "404 CITY_NOT_FOUND for a city that is not the merchant's; 409 ADDRESS_LIMIT beyond 50 addresses; another customer's id 404 NOT_FOUND.",
        security,
        params: AddressUserParams,
        body: AddressRequest,
        response: { 200: Address, 201: Address, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { address, created } = await service.create(
        { merchantId: merchantOf(request).id, id: requireUser(request).id },
        request.params.userId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(address);
    },
  );

  app.put(
    '/users/v1/addresses/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Replace the fields of one of the customer's addresses",
        description: "Fields left out take their defaults. Another customer's address answers 404 NOT_FOUND, as a missing one does.",
        security,
        params: AddressIdParams,
        body: AddressRequest,
        response: { 200: Address, ...errors },
      },
    },
    async (request) => service.update({ merchantId: merchantOf(request).id, id: requireUser(request).id }, request.params.id, request.body),
  );

  app.delete(
    '/users/v1/addresses/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Delete one of the customer's addresses",
        description: "Another customer's address answers 404 NOT_FOUND, as a missing one does.",
        security,
        params: AddressIdParams,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove({ merchantId: merchantOf(request).id, id: requireUser(request).id }, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
