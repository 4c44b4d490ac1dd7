import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, hstsHeader } from '@dasturxon/domain';
import type { Database } from '@dasturxon/db';
import { GAZETTEER, GAZETTEER_HOUSE_SPACING_M } from '@dasturxon/db/seed';
import { systemClock, type Clock } from './clock.ts';
import { createMetrics } from './metrics.ts';
import { storefrontOf, type Config } from './config.ts';
import { safeError } from './logging.ts';
import { addressesRoutes, createAddressesService } from './features/addresses/index.ts';
import { createGradesService, gradesRoutes } from './features/grades/index.ts';
import { createFavouritesService, favouritesRoutes } from './features/favourites/index.ts';
import { adminRoutes } from './features/admin/index.ts';
import { createPlatformService, platformRoutes } from './features/platform/index.ts';
import { authRoutes, createAuthFeature, customerSessionOf, registerAuthGuard, usersRoutes } from './features/auth/index.ts';
import { branchesRoutes, createBranchesRepository, createBranchesService } from './features/branches/index.ts';
import { catalogueRoutes, createCatalogueChanges, createCatalogueRepository, createCatalogueService } from './features/catalogue/index.ts';
import { contentRoutes, createContentRepository, createContentService } from './features/content/index.ts';
import { vacanciesRoutes } from './features/vacancies/index.ts';
import { BASE_CSP_DIRECTIVES } from './web/csp.ts';
import { createBrandGeocoderKeys, createBrandYandexKeys, createGeocodingService, geocodingRoutes } from './features/geocoding/index.ts';
import { createHealthCheck, createReadiness, healthRoutes, type Readiness } from './features/health/index.ts';
import { createMediaService, mediaRoutes } from './features/media/index.ts';
import {
  createEventHub,
  createEventsRepository,
  createNudges,
  endAllStreams,
  endNudgeStreams,
  registerStreamChecks,
  trackingRoutes,
  type EventHub,
} from './features/live/index.ts';
import { createMerchantsRepository, createMerchantsService, merchantsRoutes } from './features/merchants/index.ts';
import { boardRoutes, createBoardService, registerOpsWork } from './features/board/index.ts';
import { createReservationsService, reservationsRoutes } from './features/reservations/index.ts';
import { chatRoutes, createChatService } from './features/chat/index.ts';
import { createTableService, floorRoutes, tablesRoutes } from './features/tables/index.ts';

/** The key of the tables' links where AUTH_SECRET is not set (development; production refuses to start without it). */
const TABLE_LINKS_FALLBACK_SECRET = 'dasturxon/dev-table-links';
import { botRoutes, createBots, type Bots } from './features/bot/index.ts';
import { createNotificationsService, createTelegram, notificationsRoutes, type Telegram } from './features/notifications/index.ts';
import { createStaffAuth, registerStaffGuard, staffRoutes } from './features/staff/index.ts';
import { createBotKeys, createTelegramLaunch, createWebbotService, webbotRoutes } from './features/telegram/index.ts';
import { createOrdersService, ordersRoutes, registerOrderTimers, type OrdersService } from './features/orders/index.ts';
import { cardsRoutes, checkoutRoutes, createPaymentsService, paymentsRoutes, refundsRoutes } from './features/payments/index.ts';
import { createFreshRead, createQuoteFeature, quoteRoutes } from './features/quote/index.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { etagPlugin } from './plugins/etag.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerGuestBrandLimits, registerRateLimits } from './plugins/rate-limit.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { createWorkGate, registerWorkGate } from './plugins/work-gate.ts';
import { createTenantResolver, registerTenant } from './plugins/tenant.ts';
import { registerOpsConsole } from './web/ops-console.ts';
import { registerStorefront } from './web/storefront.ts';
import { outboxBrandsAtStart } from './sms/sms.sender.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

/** A request id from the balancer is kept when it is 1-128 letters, digits or `._:-` (one header); else a fresh UUID. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
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
  // Outside production: the development brand switcher answers on development hosts (merchants.routes.ts).
  const development = config.NODE_ENV !== 'production';
  // Before anything is opened: a production that would write login codes to a file stops here, naming SMS_OUTBOX.
  const outboxBrands = await outboxBrandsAtStart({ db: database.db, production: !development, allowed: config.SMS_OUTBOX });
  const app = Fastify({
    // Errors are logged without the values they carry (query parameters, personal data): logging.ts.
    logger: logger ?? { level: config.LOG_LEVEL, serializers: { err: safeError } },
    // A line for each request in and out at `debug` only (README, Settings): at `info` a flood of refused calls
    // (429) would cost two log lines each, the first written before the limits' hook could refuse it.
    // Errors are still logged: our handler (plugins/errors.ts) writes them itself.
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    // Every request's id (pino puts it in each log line as reqId; answered in X-Request-Id): the balancer's
    // X-Request-Id when well-formed (requestIdOf), else a fresh one, so a forged or oversized header cannot
    // flood or split the logs.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // Shutting down (server.ts): a request that still arrives over an open connection is answered, not refused
    // with Fastify's own 503 (outside the error format); its answer closes the connection, so each open one
    // carries at most one more. Idle keep-alive connections are dropped as the server closes.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('clock', clock);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  // The first onRequest hook: a call over its limit is refused before anything else is done for it (rate-limit.ts).
  registerRateLimits(app, { work: config.RATE_LIMIT_WORK_PER_MINUTE, media: config.RATE_LIMIT_MEDIA_PER_MINUTE });
  // Control characters, a second Host header, ids in any case and methods a path does not take: before any route.
  registerInputGuard(app);
  // A few calls that cost work at a time, so a flood of quotes cannot make every other request wait. On PGlite one is
  // let in per turn of the event loop (its queries answer without giving the loop back); on PostgreSQL every free slot.
  const workSlots = config.WORK_SLOTS ?? (database.kind === 'pglite' ? 2 : 8);
  registerWorkGate(app, createWorkGate(workSlots, { perTurn: database.kind === 'pglite' ? 1 : workSlots }));
  app.addHook('onSend', async (request, reply) => {
    const hsts = hstsHeader({ host: request.host, baseDomains: config.BASE_DOMAINS, https: request.protocol === 'https' });
    if (hsts) reply.header('strict-transport-security', hsts);
  });

  // The security headers, by helmet's middleware built once. @fastify/helmet built it again for every request, and
  // what it built lived on into V8's old generation: about 7 KB a request, on every page and call, each whole-heap
  // collection to come paid for them (bench/README.md, 2026-11-27 (morning)).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      // The base policy (web/csp.ts); a storefront page widens it by the brand's analytics tools (issue 31).
      directives: { ...BASE_CSP_DIRECTIVES, upgradeInsecureRequests: null },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by the hook above: over HTTPS on our own domains only, never on plain HTTP or a brand's own domain.
    strictTransportSecurity: false,
    // Telegram opens the storefront in a frame: the frame-ancestors directive governs that instead.
    frameguard: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined || error instanceof Error ? error : new Error(String(error))),
    ),
  );
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(etagPlugin);
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dasturxon storefront API',
        version: APP_VERSION,
        description: 'Tenant-scoped: send X-Merchant-Id, or call on the brand host.',
      },
      components: {
        securitySchemes: {
          merchant: { type: 'apiKey', in: 'header', name: 'X-Merchant-Id' },
          bearer: { type: 'http', scheme: 'bearer' },
          tableSeat: { type: 'apiKey', in: 'header', name: 'X-Table-Seat' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every feature is built and mounted here, and nowhere else (apps/api/README.md, "Adding a feature").
  const { db } = database;
  const merchantsRepo = createMerchantsRepository(db);
  const merchants = createMerchantsService({ repo: merchantsRepo });
  const catalogueChanges = createCatalogueChanges();
  // A change heard drops the brand's kept menu, merchant and settings lookups at once (decision 017).
  catalogueChanges.follow((merchantId) => merchantsRepo.invalidate(merchantId));
  const catalogue = createCatalogueService({ repo: createCatalogueRepository(db), clock, changes: catalogueChanges });
  const branches = createBranchesService({ repo: createBranchesRepository(database), clock });
  const content = createContentService({ repo: createContentRepository(database), clock });
  // The figures Prometheus scrapes (GET /metrics with METRICS_TOKEN), every answer counted by route and status.
  // Whether the balancer should send traffic here (GET /api/ready); server.ts drains it on SIGTERM.
  const readiness = createReadiness(database);
  app.decorate('readiness', readiness);
  const metrics = createMetrics(database, clock);
  metrics.register(app, config.METRICS_TOKEN);
  const account = createAuthFeature({ db, clock, config, log: app.log, merchants: merchantsRepo, smsCounted: metrics.sms });
  if (outboxBrands)
    app.log.warn({ brands: outboxBrands }, "SMS_OUTBOX=true in production: these brands' login codes go to the outbox file, not by SMS");
  const addresses = createAddressesService({ db, clock });
  const gradesService = createGradesService({ db, clock });
  const favourites = createFavouritesService({ db, catalogue });
  const geocoderKeys = createBrandGeocoderKeys({ db, secretsKey: config.PAYMENT_SECRETS_KEY, log: app.log });
  const geocoding = createGeocodingService({
    gazetteer: { streets: GAZETTEER, houseSpacingMeters: GAZETTEER_HOUSE_SPACING_M },
    nominatim: config.NOMINATIM_URL ? { url: config.NOMINATIM_URL, contact: config.NOMINATIM_CONTACT } : null,
    keyed: { url: config.GEOCODER_KEYED_URL, keyOf: geocoderKeys.keyOf },
    yandex: { url: config.YANDEX_GEOCODER_URL, keyOf: createBrandYandexKeys(db) },
    clock,
    log: app.log,
  });
  // The quote keeps each brand's catalogue, stock and switches until the database tells of a change (issue 26).
  const quote = createQuoteFeature({ db, clock, changes: catalogueChanges, readFresh: createFreshRead(database) });
  // The mini app's calls (issue 30) and the Mini App data an order carries, checked with each brand's bot keys.
  const botKeys = createBotKeys({ db, secretsKey: config.PAYMENT_SECRETS_KEY, log: app.log });
  const maxAgeSeconds = config.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS;
  const telegramLaunchOf = createTelegramLaunch({ keys: botKeys, clock, maxAgeSeconds });
  const orders = createOrdersService({ db, clock, quotes: quote.quotes, codes: account.otp, telegramLaunchOf });
  const webbot = createWebbotService({
    auth: account.auth,
    otp: account.otp,
    keys: botKeys,
    clock,
    maxAgeSeconds,
    botPaymentTypes: async (merchant) => (await orders.settings(merchant)).paymentTypes.TG,
  });
  const bots = createBots({
    db,
    clock,
    log: app.log,
    secretsKey: config.PAYMENT_SECRETS_KEY,
    apiUrl: config.TELEGRAM_API_URL,
    siteOf: storefrontOf(config),
  });
  const telegram = createTelegram({ db, clock, log: app.log, secretsKey: config.PAYMENT_SECRETS_KEY, apiOf: bots.apiOf });
  registerOrderTimers(app, orders, config.ORDER_TIMERS_SECONDS);
  const payments = createPaymentsService({
    db,
    clock,
    orders,
    secretsKey: config.PAYMENT_SECRETS_KEY,
    log: app.log,
    checkoutPages: {
      payme: config.PAYME_CHECKOUT_URL,
      paymeTest: config.PAYME_TEST_CHECKOUT_URL,
      click: config.CLICK_PAY_URL,
      uzum: config.UZUM_PAY_URL,
    },
    clickApiUrl: config.CLICK_MERCHANT_API_URL,
  });
  // A customer's cancel that started a refund asks Click for it once committed (payments refunds.service.ts).
  orders.followRefunds(payments.refunds.started);
  // The staff's moves along the order table (the console's routes call it through the board service; tests directly).
  app.decorate('moveOrder', orders.staffMove);
  // The live path (issue 15): one LISTEN per process; open streams end as the server closes (they are never idle).
  // The nudges (issue 32: the floor's tables and calls, chat messages) are heard on the hub's connection too.
  const nudges = createNudges();
  const hub = createEventHub(database, app.log, [catalogueChanges.listener, nudges.listener]);
  await hub.start();
  app.decorate('events', hub);
  app.addHook('preClose', async () => {
    endAllStreams();
    endNudgeStreams();
  });
  // Streams end with their session: at once on a logout (any instance), and every ORDER_TIMERS_SECONDS for expiry and deactivation.
  registerStreamChecks(app, hub, config.ORDER_TIMERS_SECONDS);
  app.addHook('onClose', async () => hub.close());
  const staffAuth = createStaffAuth({ db, clock, codes: account.otp, secret: config.AUTH_SECRET });
  const tables = createTableService({ db, clock, secret: config.AUTH_SECRET ?? TABLE_LINKS_FALLBACK_SECRET });
  const board = createBoardService({
    db,
    clock,
    orders,
    invalidateMenus: () => {
      catalogue.invalidate();
      quote.quotes.invalidate();
    },
  });
  const notifications = createNotificationsService({ db, clock });
  app.decorate('telegram', telegram);
  app.decorate('bots', bots);
  const events = createEventsRepository(db);
  registerOpsWork(app, { telegram, events, clock, refunds: payments.refunds }, config.ORDER_TIMERS_SECONDS);
  const media = createMediaService({
    root: config.MEDIA_DIR,
    uploads: config.UPLOADS_DIR ?? join(config.DATA_DIR, 'uploads'),
    cacheDir: join(config.DATA_DIR, 'media-cache'),
    cacheBytes: config.MEDIA_CACHE_MB * 2 ** 20,
    log: app.log,
  });
  const resolver = createTenantResolver(merchantsRepo, config.BASE_DOMAINS, config.DEV_BRAND);
  registerTenant(app, resolver);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      // The `config.auth` check of every /api route: a hook of this scope, so every feature below gets it.
      registerAuthGuard(api, account.auth);
      // After the auth guard: a signed-in customer is not counted with the brand's guests.
      registerGuestBrandLimits(api, config.RATE_LIMIT_GUESTS_PER_BRAND_PER_MINUTE);
      // The staff's check (`config.staff`): staff sessions only, by role.
      registerStaffGuard(api, staffAuth);
      await api.register(healthRoutes, {
        check: createHealthCheck(database),
        readiness,
        hostIsOurs: async (host) => (await resolver.brandOfHost(host)) !== null,
      });
      await api.register(authRoutes, account);
      await api.register(usersRoutes, account);
      await api.register(addressesRoutes, { service: addresses });
      await api.register(gradesRoutes, { service: gradesService });
      await api.register(geocodingRoutes, { service: geocoding });
      await api.register(merchantsRoutes, { repo: merchantsRepo, service: merchants, development, baseDomains: config.BASE_DOMAINS });
      // The customer's favourites (issue 31), under /products/v1/favourite as spec section 7 names them.
      await api.register(favouritesRoutes, { service: favourites });
      await api.register(catalogueRoutes, { service: catalogue, favourites });
      await api.register(branchesRoutes, { service: branches, serving: quote.quotes.servingBranch });
      await api.register(contentRoutes, { service: content });
      await api.register(quoteRoutes, quote);
      await api.register(ordersRoutes, { service: orders, tableAt: tables.tableAt });
      await api.register(webbotRoutes, { service: webbot });
      // Called by the payment providers (no brand host, no session): the brand is the order's.
      await api.register(paymentsRoutes, { service: payments, paymeAllowedIps: config.PAYME_ALLOWED_IPS });
      await api.register(checkoutRoutes, { service: payments.checkout });
      // The signed-in customer's saved cards (brand host or X-Merchant-Id, session).
      await api.register(cardsRoutes, { service: payments.cards });
      // The console's refunds: the open ones and a manager's mark (issue 29).
      await api.register(refundsRoutes, { service: payments.refunds });
      // The staff console's calls: the staff's login, and the board.
      await api.register(staffRoutes, { auth: staffAuth });
      await api.register(boardRoutes, { auth: staffAuth, service: board, hub, events, streamsPerSession: config.STREAMS_PER_SESSION });
      // The customer's live order and its courier, and their notifications.
      await api.register(trackingRoutes, {
        customerOf: customerSessionOf,
        hub,
        events,
        orders,
        courierTracking: board.courierTracking,
        streamsPerSession: config.STREAMS_PER_SESSION,
        sessionLive: account.auth.isLive,
      });
      await api.register(notificationsRoutes, { notifications });
      const reservations = createReservationsService({
        db,
        clock,
        log: app.log,
        sms: async (merchantId, to, text) => {
          const merchant = await merchantsRepo.findById(merchantId);
          if (merchant) await account.sms.send(merchant, { to, text });
        },
      });
      await api.register(reservationsRoutes, { service: reservations, nudges });
      await api.register(chatRoutes, { service: createChatService({ db, clock }), nudges });
      // Service at the table (issue 32): the guests' QR sessions, bills and calls, and the staff's floor.
      await api.register(tablesRoutes, { service: tables, auth: account.auth, checkout: payments.checkout });
      await api.register(floorRoutes, { service: tables, nudges });
      await api.register(botRoutes, { bots });
      await api.register(platformRoutes, {
        token: config.PLATFORM_ADMIN_TOKEN,
        service: createPlatformService({
          db,
          sms: account.sms,
          log: app.log,
          siteOf: (sub) => `https://${sub}.${config.BASE_DOMAINS[0] ?? 'localhost'}`,
          changed: () => merchantsRepo.invalidate(),
        }),
      });
      // The brand's vacancies and the applications to them (issue 31).
      await api.register(vacanciesRoutes, { db });
      await api.register(adminRoutes, {
        db,
        clock,
        media,
        uploadBytes: Math.round(config.MEDIA_UPLOAD_MB * 2 ** 20),
        paymentSecretsKey: config.PAYMENT_SECRETS_KEY,
        sms: account.sms,
      });
    },
    { prefix: '/api' },
  );
  // Pictures go through the resizing image service, never as raw files.
  await app.register(mediaRoutes, { service: media });

  // The staff console (apps/ops), a single-page app of its own under /ops.
  await registerOpsConsole(app, { dist: config.OPS_DIST });

  await registerStorefront(app, {
    webDist: config.WEB_DIST,
    ssrDist: config.WEB_SSR_DIST,
    resolver,
    merchants,
    development,
    pageCacheMb: config.PAGE_CACHE_MB,
    pageCacheCounted: metrics.pageCache,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    moveOrder: OrdersService['staffMove'];
    events: EventHub;
    telegram: Telegram;
    readiness: Readiness;
    /** Each brand's Telegram bot (issue 30): the webhook, the setup. */
    bots: Bots;
  }
}
