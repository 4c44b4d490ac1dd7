import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  Staff,
  StaffLoginFailures,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffPasswordChange,
} from '@dasturxon/domain/contracts';
import { LOGIN_FAILURES_ROLES } from '@dasturxon/domain';
import { merchantOf } from '../../plugins/tenant.ts';
import { requireStaff, STAFF_DEVICE_COOKIE, STAFF_DEVICE_DAYS, staffView, type StaffAuth } from './staff-auth.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['ops'];
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');
const anyStaff = { tenant: 'active', staff: true } as const;
/** Any staff member, a member on a one-time password too: who am I, sign out, set my password. */
const anyStaffBeforeChange = { ...anyStaff, beforePasswordChange: true } as const;

/** The staff's login, logout and who they are (issue 15, decision 010): `/api/ops/v1/auth/...` and `/api/ops/v1/me`. */
export const staffRoutes: FastifyPluginAsyncZod<{ auth: StaffAuth }> = async (app, { auth }) => {
  app.post(
    '/ops/v1/auth/login',
    {
      config: { tenant: 'active', rateLimit: 'work' },
      schema: {
        tags,
        summary: 'Staff login by phone and password',
        description:
          'Answers a staff session token (16 h) and sets the known-device cookie `dx_staff_device` (httpOnly, 180 days, sent only to /api/ops/v1/auth). ' +
          '401 STAFF_LOGIN_FAILED for a wrong phone or password (the same answer, in the same time, for both). ' +
          'The guesser waits, not the member: after 5 wrong passwords for a number from one address, or 20 for any numbers from one network (IPv4 /24, IPv6 /48), ' +
          'within 15 minutes, that address or network gets 429 RATE_LIMITED with Retry-After. After 50 wrong for a number from everywhere, the right password ' +
          'still gets in from a device the member signed in on before; elsewhere it answers 428 STAFF_CODE_REQUIRED and sends a code by SMS to the member, ' +
          "to send again with `code`. `passwordChangeRequired: true` (an invitation, a reset, a new brand's owner: a one-time password): the session may only " +
          'set a new password (`POST /api/ops/v1/auth/password`), read `/api/ops/v1/me` and sign out; every other staff call answers 403 PASSWORD_CHANGE_REQUIRED.',
        body: StaffLoginRequest,
        response: { 200: StaffLoginResponse, ...errors, 428: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { device, ...answer } = await auth.login(merchantOf(request), request.body, request.ip, request.cookies[STAFF_DEVICE_COOKIE]);
      reply.setCookie(STAFF_DEVICE_COOKIE, device, {
        path: '/api/ops/v1/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: STAFF_DEVICE_DAYS * 86_400,
      });
      return answer;
    },
  );

  app.get(
    '/ops/v1/auth/failures',
    {
      config: { tenant: 'active', staff: LOGIN_FAILURES_ROLES },
      schema: {
        tags,
        security,
        summary: "The brand's staff members' failed logins of the last 24 hours (admin)",
        description:
          'Per staff member, per client network (IPv4 /24, IPv6 /48: never the address), how many wrong passwords, the first and the last, latest first. ' +
          'Wrong passwords followed by the right one from the same address are forgotten: what stays is what never got in.',
        response: { 200: StaffLoginFailures, ...errors },
      },
    },
    async (request) => auth.failures(requireStaff(request).merchantId),
  );

  app.post(
    '/ops/v1/auth/password',
    {
      config: { ...anyStaffBeforeChange, rateLimit: 'work' },
      schema: {
        tags,
        security,
        summary: 'Set my own password',
        description:
          'The signed-in member sets a new password (at least 10 characters, not the current one) after giving the current one: ' +
          'the way out of a one-time password (an invitation, a reset). 400 CURRENT_PASSWORD_WRONG for a wrong current password (counted as a failed login, ' +
          "under the same limits: 429 RATE_LIMITED); 400 VALIDATION_FAILED on `body.newPassword`. The member's other sessions end; this one goes on.",
        body: StaffPasswordChange,
        response: { 200: Staff, ...errors, 429: ErrorResponse },
      },
    },
    async (request) => auth.changePassword(request.staffSession!, requireStaff(request), request.body, request.ip),
  );

  app.post(
    '/ops/v1/auth/logout',
    {
      config: anyStaffBeforeChange,
      schema: { tags, security, summary: 'End this staff session', response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      if (request.staffSession) await auth.logout(request.staffSession);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ops/v1/me',
    {
      config: anyStaffBeforeChange,
      schema: { tags, security, summary: 'The signed-in staff member', response: { 200: Staff, ...errors } },
    },
    async (request) => staffView(requireStaff(request)),
  );
};
