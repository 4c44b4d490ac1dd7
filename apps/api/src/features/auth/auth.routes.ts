import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, LoginResponse, SendOtpRequest, SendOtpResponse, VerifyOtpRequest } from '@dasturxon/domain/contracts';
import { merchantOf } from '../../plugins/tenant.ts';
import { toUser } from './users.service.ts';
import type { AuthService } from './auth.service.ts';
import type { OtpService } from './otp.service.ts';

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
          "Numbers of a country the brand does not take answer 400 PHONE_INVALID (details.problem COUNTRY, details.countryCodes the brand's). " +
          'One code per number a minute from one client address (429 OTP_TOO_EARLY); when a code was sent to the number for another ' +
          'address within that minute, it works here too: the answer is 200 with the seconds left, and no second SMS goes out. ' +
          "A few codes an hour per number and client address, per client address, and the brand's SMS budget (429 RATE_LIMITED, " +
          'details.per phone, address or brand); a number asked for from many addresses is slowed, never refused. ' +
          'Every 429 says in details.retryAfterSeconds, and in Retry-After, how long to wait. ' +
          "Once half the brand's hourly budget is spent, a login code needs a proof of work: 428 CHALLENGE_REQUIRED with " +
          'details.challenge and details.difficulty; send the request again with proof {challenge, counter}, where ' +
          'SHA-256(challenge + ":" + counter) starts with difficulty zero bits. A share of the budget is kept for numbers ' +
          'with an account here and for order confirmations; one network (IPv4 /24, IPv6 /48) may spend a share on new numbers ' +
          '(details.per network).',
        body: SendOtpRequest,
        response: { 200: SendOtpResponse, ...errors, 428: ErrorResponse, 429: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) =>
      otp.send({
        merchant: merchantOf(request),
        phone: request.body.phone,
        purpose: 'LOGIN',
        subject: '',
        clientIp: request.ip,
        proof: request.body.proof,
      }),
  );

  app.post(
    '/users/v1/auth/otp/verify',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with the code: a session token and the customer',
        description:
          'A wrong, expired, spent or reused code answers 400 OTP_INVALID (details.attemptsLeft: the tries this client address has left ' +
          'while a code is live). Wrong tries count per client address: the fifth closes the code to that address only and answers ' +
          '400 OTP_ATTEMPTS_EXHAUSTED; that address may then ask for a new code at once, without the wait. ' +
          'The customer is created on the first login at this merchant.',
        body: VerifyOtpRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => {
      const { token, user } = await auth.login(merchantOf(request), request.body.phone, request.body.code, request.ip);
      return { token, user: toUser(user) };
    },
  );
};
