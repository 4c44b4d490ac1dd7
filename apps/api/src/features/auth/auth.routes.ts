import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, LoginResponse, SendOtpRequest, SendOtpResponse, VerifyOtpRequest } from '@dasturxon/domain';
import { merchantOf } from '../../plugins/tenant.ts';
import { toUser } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';
import { requirePhone, type OtpService } from './otp.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export const authRoutes: FastifyPluginAsyncZod<{ otp: OtpService; auth: AuthService }> = async (app, { otp, auth }) => {
  app.post(
    '/users/v1/auth/otp',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['auth'],
        summary: 'Send a login code by SMS',
        description:
          'Sends a 6-digit code to the phone, valid for 2 minutes. Answers alike whether the phone belongs to a customer or not. ' +
          'One code per number a minute (429 OTP_TOO_EARLY) and a few an hour per number and per client address (429 RATE_LIMITED); ' +
          'both say in details.retryAfterSeconds, and in Retry-After, how long to wait.',
        body: SendOtpRequest,
        response: { 200: SendOtpResponse, ...errors, 429: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) =>
      otp.send({ merchant: merchantOf(request), phone: requirePhone(request.body.phone), purpose: 'LOGIN', subject: '', clientIp: request.ip }),
  );

  app.post(
    '/users/v1/auth/otp/verify',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with the code: a session token and the customer',
        description:
          'A wrong, expired, spent or reused code answers 400 OTP_INVALID (details.attemptsLeft while the code is still live); ' +
          'the fifth wrong try spends the code. The customer is created on the first login at this merchant.',
        body: VerifyOtpRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => {
      const { token, user } = await auth.login(merchantOf(request), request.body.phone, request.body.code);
      return { token, user: toUser(user) };
    },
  );
};
