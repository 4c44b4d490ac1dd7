import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, hstsHeader } from '@dasturxon/domain';
import type { Database } from '@dasturxon/db';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { safeError } from './logging.ts';
import { authPlugin } from './features/auth/auth.plugin.ts';
import { branchesRoutes } from './features/branches/branches.routes.ts';
import { createBranchesRepository } from './features/branches/branches.repository.ts';
import { createBranchesService } from './features/branches/branches.service.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { createCatalogueRepository } from './features/catalogue/catalogue.repository.ts';
import { createCatalogueService } from './features/catalogue/catalogue.service.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { createContentRepository } from './features/content/content.repository.ts';
import { createContentService } from './features/content/content.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createMerchantsRepository } from './features/merchants/merchants.repository.ts';
import { merchantsRoutes } from './features/merchants/merchants.routes.ts';
import { createMerchantsService } from './features/merchants/merchants.service.ts';
import { quoteRoutes } from './features/quote/quote.routes.ts';
import { createQuoteFeature } from './features/quote/quote.service.ts';
import { answerClientError, registerErrorHandling } from './plugins/errors.ts';
import { etagPlugin } from './plugins/etag.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { createWorkGate, registerWorkGate } from './plugins/work-gate.ts';
import { createTenantResolver, registerTenant } from './plugins/tenant.ts';
import { registerStorefront } from './web/storefront.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "believe the first n hops" (config.ts says why). */
function trustProxyOf(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * Builds the whole server: the API under /api, its OpenAPI document, and the storefront.
 * Tests build it and `inject` requests; `server.ts` builds it and listens.
 */
export async function buildApp({ config, database, clock = systemClock, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the values they carry (query parameters, personal data): logging.ts.
    logger: logger ?? { level: config.LOG_LEVEL, serializers: { err: safeError } },
    clientErrorHandler: answerClientError,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Shutting down (server.ts): a request that still arrives over an open connection is answered, not refused
    // with Fastify's own 503 (outside the error format); its answer closes the connection, so each open one
    // carries at most one more. Idle keep-alive connections are dropped as the server closes.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('clock', clock);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  // Control characters, a second Host header, ids in any case and methods a path does not take: before any route.
  registerInputGuard(app);
  registerRateLimits(app, { work: config.RATE_LIMIT_WORK_PER_MINUTE, media: config.RATE_LIMIT_MEDIA_PER_MINUTE });
  // A few calls that cost work at a time, so a flood of quotes cannot make every other request wait.
  registerWorkGate(app, createWorkGate(config.WORK_SLOTS ?? (database.kind === 'pglite' ? 2 : 8)));
  app.addHook('onSend', async (request, reply) => {
    const hsts = hstsHeader({ host: request.host, baseDomains: config.BASE_DOMAINS, https: request.protocol === 'https' });
    if (hsts) reply.header('strict-transport-security', hsts);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from a configurable tile server; pictures may be full https addresses.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by the hook above: over HTTPS on our own domains only, never on plain HTTP or a brand's own domain.
    strictTransportSecurity: false,
    // Telegram opens the storefront in a frame: the frame-ancestors directive governs that instead.
    frameguard: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(etagPlugin);
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Dasturxon storefront API', version: APP_VERSION, description: 'Tenant-scoped: send X-Merchant-Id, or call on the brand host.' },
      components: {
        securitySchemes: {
          merchant: { type: 'apiKey', in: 'header', name: 'X-Merchant-Id' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const merchantsRepo = createMerchantsRepository(database.db);
  const merchantsService = createMerchantsService(merchantsRepo);
  const resolver = createTenantResolver(merchantsRepo, config.BASE_DOMAINS);
  const contentService = createContentService(createContentRepository(database.db), clock);
  registerTenant(app, resolver);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      // Phone login, sessions, the customer's account, and the `config.auth` guard of every /api route.
      await api.register(authPlugin, { config, database, merchants: merchantsRepo });
      await api.register(healthRoutes, { database });
      await api.register(merchantsRoutes, { repo: merchantsRepo, service: merchantsService });
      const catalogue = createCatalogueService(createCatalogueRepository(database.db), clock);
      await api.register(catalogueRoutes, { service: catalogue });
      await api.register(branchesRoutes, { service: createBranchesService(createBranchesRepository(database.db), clock) });
      await api.register(contentRoutes, { service: contentService });
      await api.register(quoteRoutes, createQuoteFeature({ db: database.db, clock, menuVersion: catalogue.version }));
    },
    { prefix: '/api' },
  );

  await registerStorefront(app, {
    webDist: config.WEB_DIST,
    ssrDist: config.WEB_SSR_DIST,
    mediaDir: config.MEDIA_DIR,
    mediaCacheDir: join(config.DATA_DIR, 'media-cache'),
    mediaCacheMb: config.MEDIA_CACHE_MB,
    resolver,
    merchants: merchantsService,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
