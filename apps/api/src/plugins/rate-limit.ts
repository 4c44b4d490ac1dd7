import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@dasturxon/domain';
import { merchantOf } from './tenant.ts';

/*
 * Limits per client address for the anonymous calls that cost the server work (issue 10): pricing a basket,
 * checking promo codes (which would otherwise let anyone try codes by the thousand), and rendering pictures.
 * A fixed window a minute per address and kind; every answer of a limited call says where it stands in the
 * standard headers (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy), and the call
 * over the limit gets 429 RATE_LIMITED in the error format with Retry-After. The addresses are the ones
 * TRUST_PROXY lets the server believe (config.ts).
 */

/** Which limit a call falls under: set on a route (`config.rateLimit`), or by path for the image service. */
export type RateLimitKind = 'work' | 'media';

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitKind;
    /** An open call (docs/spec-index.md section 7 marks it WITH_TOKEN; guests may make it): guests of one brand share a limit too. */
    guestsPerBrand?: boolean;
  }
}

export type RateLimits = Record<RateLimitKind, number>;

const WINDOW_MS = 60_000;
/** Windows kept at most; the oldest go first (a flood of new addresses cannot grow memory without bound). */
const MAX_WINDOWS = 50_000;

interface Window {
  startedAt: number;
  count: number;
}

export function createRateLimiter(limits: RateLimits, now: () => number) {
  const windows = new Map<string, Window>();
  return {
    /** Counts one call; says the limit, what is left and in how many seconds the window ends. */
    take(kind: RateLimitKind, address: string): { limit: number; remaining: number; resetSeconds: number; allowed: boolean } {
      const key = `${kind}\n${address}`;
      const t = now();
      let window = windows.get(key);
      if (!window || t - window.startedAt >= WINDOW_MS || t < window.startedAt) {
        windows.delete(key);
        window = { startedAt: t, count: 0 };
        windows.set(key, window);
        while (windows.size > MAX_WINDOWS) windows.delete(windows.keys().next().value!);
      }
      window.count += 1;
      const limit = limits[kind];
      return {
        limit,
        remaining: Math.max(0, limit - window.count),
        resetSeconds: Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - t) / 1000)),
        allowed: window.count <= limit,
      };
    },
  };
}

function kindOf(request: FastifyRequest): RateLimitKind | null {
  const own = request.routeOptions.config?.rateLimit;
  if (own) return own;
  return request.url.startsWith('/media/') ? 'media' : null;
}

function setHeaders(reply: FastifyReply, state: { limit: number; remaining: number; resetSeconds: number }): void {
  reply
    .header('ratelimit-limit', state.limit)
    .header('ratelimit-remaining', state.remaining)
    .header('ratelimit-reset', state.resetSeconds)
    .header('ratelimit-policy', `${state.limit};w=${WINDOW_MS / 1000}`);
}

/**
 * The limits' hook: register it before every other `onRequest` hook (app.ts), so a call over its limit costs no more
 * than finding its route. It is refused there and then, before the input guard, the security headers, the brand's
 * lookup (plugins/tenant.ts, preValidation) and the body: the answer goes out at once, whatever of the body is still
 * arriving, with `Connection: close`, so the server does not read the rest of a body it will never use (Node would
 * otherwise read and drop all of it to keep the connection for the next request).
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits): void {
  const limiter = createRateLimiter(limits, () => app.clock.now().getTime());
  app.addHook('onRequest', (request, reply, done) => {
    const kind = kindOf(request);
    if (!kind) return done();
    const state = limiter.take(kind, request.ip);
    setHeaders(reply, state);
    if (state.allowed) return done();
    const error = new AppError('RATE_LIMITED', {
      per: 'address',
      limit: state.limit,
      windowSeconds: WINDOW_MS / 1000,
      retryAfterSeconds: state.resetSeconds,
    });
    reply.code(error.status).header('retry-after', String(state.resetSeconds)).header('connection', 'close').send(error.toBody());
  });
}

/**
 * The guests of one brand share a window a minute on the open calls (`config.guestsPerBrand`: zones, tariff,
 * geocoding; docs/decisions/013-open-calls.md), on top of the per-address limit: a flood from many addresses on one
 * brand is cut off there. A signed-in customer (`request.user`, set by the auth guard, a preHandler registered before
 * this one in the same scope) is counted per address only, so the flood never shuts the brand's customers out.
 */
export function registerGuestBrandLimits(app: FastifyInstance, perBrandPerMinute: number): void {
  const limiter = createRateLimiter({ work: perBrandPerMinute, media: perBrandPerMinute }, () => app.clock.now().getTime());
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.guestsPerBrand || request.user) return;
    const state = limiter.take('work', `guests of ${merchantOf(request).id}`);
    if (!state.allowed) {
      setHeaders(reply, state);
      throw new AppError('RATE_LIMITED', {
        per: 'brand',
        limit: state.limit,
        windowSeconds: WINDOW_MS / 1000,
        retryAfterSeconds: state.resetSeconds,
      });
    }
  });
}
