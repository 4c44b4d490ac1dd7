import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@dasturxon/domain';
import { merchantOf } from '../../plugins/tenant.ts';
import type { UserRecord } from './users.repository.ts';
import type { SessionRecord } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';

/**
 * How a route treats the customer (route `config.auth`):
 * - `true`: a valid bearer token of this merchant is required, else 401 UNAUTHORIZED;
 * - `'optional'`: a valid token makes `request.user` the customer; none, or one that is no longer
 *   valid, leaves a guest (`request.user` null) — for calls a guest may make too;
 * - absent or `false`: the token is not looked at.
 *
 * A route with `auth` also sets `tenant` (`'active'` for customer calls): a session belongs to one
 * merchant, and a token of another merchant is refused like an unknown one.
 *
 * Usage in a feature's routes:
 *
 *     app.get('/orders/v1/orders/user/:userId', {
 *       config: { tenant: 'active', auth: true },
 *       schema: { security: [{ bearer: [] }], ... },
 *     }, async (request) => {
 *       const user = requireUser(request); // the customer, never null here
 *       ...
 *     });
 *
 * The check is a preHandler of the /api scope (Fastify passes a scope's hooks to every plugin in
 * it, registered before or after), and runs after the root's tenant hook. A route outside that
 * scope never gets the check and fails closed: `requireUser` finds no customer and answers 401.
 */
export type AuthMode = boolean | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** The customer of the bearer token, on routes with `config.auth`; null for a guest. */
    user: UserRecord | null;
    /** The session of the bearer token, on routes with `config.auth`. */
    session: SessionRecord | null;
  }
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in customer of a route with `config.auth`; 401 UNAUTHORIZED when there is none. */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The session of a route with `config.auth: true`. */
export function requireSession(request: FastifyRequest): SessionRecord {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

/** The signed-in customer of a route with `config.auth: true`, as the services name them: their brand and their id. */
export function customerOf(request: FastifyRequest): { merchantId: string; id: string } {
  return { merchantId: merchantOf(request).id, id: requireUser(request).id };
}

/** The signed-in customer with their session (what ends with it, such as an event stream). */
export function customerSessionOf(request: FastifyRequest): { merchantId: string; id: string; session: SessionRecord } {
  return { ...customerOf(request), session: requireSession(request) };
}

/** Adds the check to `app`'s scope (app.ts calls it in the /api scope). */
export function registerAuthGuard(app: FastifyInstance, auth: Pick<AuthService, 'authenticate'>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config?.auth;
    if (!mode) return;
    const token = bearerToken(request);
    const found = token ? await auth.authenticate(merchantOf(request).id, token) : null;
    if (!found) {
      if (mode === 'optional') return;
      throw new AppError('UNAUTHORIZED');
    }
    request.user = found.user;
    request.session = found.session;
  });
}
