import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  LoginResponse,
  WebbotInitDataRequest,
  WebbotLanguageRequest,
  WebbotLoginRequest,
  WebbotSettingResponse,
} from '@dasturxon/domain/contracts';
import { merchantOf } from '../../plugins/tenant.ts';
import { bearerToken, requireSession, requireUser } from '../auth/index.ts';
import type { WebbotService } from './webbot.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');
const REFUSALS =
  'initData is checked with the brand bot token (HMAC) or, with only its bot id, Telegram Ed25519 key; each refusal answers 401 with ' +
  'its code: TELEGRAM_INIT_DATA_MISSING (none, or 10 characters or fewer), TELEGRAM_HASH_MISSING, TELEGRAM_FIELD_MALFORMED, ' +
  'TELEGRAM_INIT_DATA_EXPIRED, TELEGRAM_OTHER_BOT, TELEGRAM_SIGNATURE_INVALID, TELEGRAM_USER_MISSING. A brand without a bot answers ' +
  '403 TELEGRAM_BOT_OFF.';

/** The mini app's calls (spec section 7, "Account and messaging login"; docs/telegram.md). */
export const webbotRoutes: FastifyPluginAsyncZod<{ service: WebbotService }> = async (app, { service }) => {
  app.get(
    '/webbot/v1/setting',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['webbot'],
        summary: 'What the mini app needs: the bot, its link, the payment types of the bot channel, whether a phone is required',
        description: 'Never a secret. botEnabled false: the brand has no bot and the bot channel is off.',
        response: { 200: WebbotSettingResponse, ...errors },
      },
    },
    async (request) => service.setting(merchantOf(request)),
  );

  app.post(
    '/webbot/v1/users/token',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['webbot'],
        summary: 'Log in with initData alone: a session when this Telegram user is known at the brand',
        description: `${REFUSALS} A Telegram user the brand does not know yet answers 403 TELEGRAM_PHONE_REQUIRED (no token): log in with users/login.`,
        body: WebbotInitDataRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => service.token(merchantOf(request), request.body.initData),
  );

  app.post(
    '/webbot/v1/users/login',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['webbot'],
        summary: 'Log in with initData and a shared contact, or initData and the phone login code',
        description:
          `${REFUSALS} The contact is the raw requestContact answer, checked like initData; one that is not the initData ` +
          "user's own answers 401 TELEGRAM_CONTACT_MISMATCH. With phone and code, the code is the phone login's (400 OTP_INVALID). " +
          'The Telegram user is linked to the brand customer with that phone (created when new).',
        body: WebbotLoginRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => service.login(merchantOf(request), request.body, request.ip),
  );

  app.post(
    '/webbot/v1/users/auth',
    {
      config: signedIn,
      schema: {
        tags: ['webbot'],
        summary: 'Link the Telegram user of initData to the signed-in customer; the token becomes a mini-app session',
        description: `${REFUSALS} A customer without a phone answers 403 TELEGRAM_PHONE_REQUIRED.`,
        security,
        body: WebbotInitDataRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) =>
      service.attach(
        merchantOf(request),
        { user: requireUser(request), session: requireSession(request) },
        bearerToken(request) ?? '',
        request.body.initData,
      ),
  );

  app.post(
    '/webbot/v1/users/logout',
    {
      config: signedIn,
      schema: {
        tags: ['webbot'],
        summary: "End the mini app's session",
        description: REFUSALS,
        security,
        body: WebbotInitDataRequest,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.logout(merchantOf(request), { user: requireUser(request), session: requireSession(request) }, request.body.initData);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/webbot/v1/users/logout',
    {
      config: signedIn,
      schema: {
        tags: ['webbot'],
        summary: "Store the bot's language and end the mini app's session",
        description: `${REFUSALS} The language is stored as uz, ru or eng; anything else is stored as ru.`,
        security,
        body: WebbotLanguageRequest,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.logout(
        merchantOf(request),
        { user: requireUser(request), session: requireSession(request) },
        request.body.initData,
        request.body.language,
      );
      return reply.code(204).send(null);
    },
  );
};
