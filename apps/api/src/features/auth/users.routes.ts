import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionCheck,
  CashbackSummary,
  ChangePhoneRequest,
  ErrorResponse,
  SendOtpResponse,
  UpdateUserRequest,
  User,
  UserIdParams,
  VerifyPhoneRequest,
} from '@dasturxon/domain/contracts';
import { requireSession, requireUser } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import { toUser, type UsersService } from './users.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; auth: AuthService }> = async (app, { users, auth }) => {
  app.get(
    '/users/v1/users/me',
    { config: signedIn, schema: { tags: ['users'], summary: 'The signed-in customer', security, response: { 200: User, ...errors } } },
    async (request) => toUser(requireUser(request)),
  );

  app.get(
    '/users/v1/users/me/cashback',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: "The cashback card: balance, pending and the brand's percent",
        description:
          "Pending is what the active orders earn; each is credited when its order is completed. 403 FEATURE_OFF while the brand's balanceActive is off.",
        security,
        response: { 200: CashbackSummary, ...errors },
      },
    },
    async (request) => users.cashback(merchantOf(request), requireUser(request)),
  );

  app.get(
    '/users/v1/users/me/deletion',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'What deleting the account would meet',
        description: 'The active orders to warn about; refused is true while a courier has one (DELETE answers 409 ACCOUNT_ORDER_ON_WAY).',
        security,
        response: { 200: AccountDeletionCheck, ...errors },
      },
    },
    async (request) => users.deletionCheck(merchantOf(request), requireUser(request)),
  );

  app.put(
    '/users/v1/users/phone',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Send a code to a new phone number',
        description: 'The same limits as a login code. Whether the number belongs to another customer is told at verify, after the code.',
        security,
        body: ChangePhoneRequest,
        response: { 200: SendOtpResponse, ...errors, 429: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => users.requestPhoneChange(merchantOf(request), requireUser(request), request.body.phone, request.ip),
  );

  app.put(
    '/users/v1/users/phone/verify',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Move the account to the new number with the code sent to it',
        description: '400 OTP_INVALID for a wrong or expired code; 409 PHONE_TAKEN when another customer of this merchant has the number.',
        security,
        body: VerifyPhoneRequest,
        response: { 200: User, ...errors, 409: ErrorResponse },
      },
    },
    async (request) =>
      users.verifyPhoneChange(merchantOf(request), requireUser(request), request.body.phone, request.body.code, request.ip),
  );

  app.put(
    '/users/v1/users/:id',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: "Edit the signed-in customer's profile",
        description: "Changes only the fields sent; an empty string or null clears e-mail and birthday. Another customer's id answers 403.",
        security,
        params: UserIdParams,
        body: UpdateUserRequest,
        response: { 200: User, ...errors },
      },
    },
    async (request) => users.update(merchantOf(request), requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/users/v1/users/logout',
    {
      config: signedIn,
      schema: { tags: ['users'], summary: 'End this session: the token stops working', security, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await auth.logout(requireSession(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/v1/users',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: 'Delete the account',
        description:
          "Irreversible: the profile and personal data are erased and every session ends. The merchant keeps its orders without the customer's details. 409 ACCOUNT_ORDER_ON_WAY while a courier has one of the customer's orders.",
        security,
        response: { 204: NoContent, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(merchantOf(request), requireUser(request));
      return reply.code(204).send(null);
    },
  );
};
