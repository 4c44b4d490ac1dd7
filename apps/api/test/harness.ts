import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, workHours, type Database } from '@dasturxon/db';
import { and, eq } from 'drizzle-orm';
import { readEvents, type StreamEvent } from '@dasturxon/client/event-stream';
import { LoginResponse, Order, StaffLoginResponse } from '@dasturxon/domain/contracts';
import { STAFF_ROLES } from '@dasturxon/domain';
import { DEMO } from '@dasturxon/db/seed';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import { parseConfig } from '../src/config.ts';
import { withDatabase } from './global-setup.ts';

export type Backend = 'pglite' | 'postgres';

/** The backends this run tests on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: Clock & { set(d: Date): void };
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The app's logger; silent unless a test reads what is logged. */
  logger?: FastifyServerOptions['logger'];
  /** A second instance on the database of this one (PostgreSQL): its own connections, the same data; closing it leaves the database. */
  sameDatabaseAs?: TestApp;
}

/** A fresh copy of the migrated, seeded database behind a real app, for one test file. */
export async function createTestApp(backend: Backend, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  if (options.sameDatabaseAs) {
    const url = options.sameDatabaseAs.database.pool?.options.connectionString;
    if (!url) throw new Error('a second instance shares a PostgreSQL database');
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  } else if (backend === 'pglite') {
    const blob = new Blob([await readFile(inject('pgliteTemplate'))]);
    database = await openDatabase({ loadDataDir: blob });
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `dx_test_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4 });
    dropDb = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  let now = new Date(inject('seedNow'));
  const clock = { now: () => now, set: (d: Date) => void (now = d) };
  // Pages render on the server only where a test hands it the renderer built for the run (global-setup.ts).
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Tests run the order timers themselves (app.runOrderTimers) with their controlled clock.
    ORDER_TIMERS_SECONDS: '0',
    BASE_DOMAINS: 'localhost,dasturxon.uz',
    WEB_SSR_DIST: join(tmpdir(), 'dx-no-renderer'),
    // Every test calls from one address; the limits have their own test (rate-limit.test.ts).
    RATE_LIMIT_WORK_PER_MINUTE: '1000000',
    RATE_LIMIT_MEDIA_PER_MINUTE: '1000000',
    RATE_LIMIT_GUESTS_PER_BRAND_PER_MINUTE: '1000000',
    // Test addresses share a few networks; the SMS budget's weighing by network has its own test (otp-abuse.test.ts).
    SMS_NETWORK_PERCENT: '100',
    // Tests sign in up to 200 customers from that address; the proof of work past half the budget has its own test.
    SMS_CHALLENGE_AFTER_PERCENT: '100',
    ...env,
  });
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (dropDb) await dropDb();
    },
  };
}

/** The last login code the demo SMS outbox (`DATA_DIR/sms-outbox.jsonl`) holds for a number at a brand. */
export async function lastSmsCode(dataDir: string, phone: string, merchantId: string): Promise<string> {
  const lines = (await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; text: string; merchantId: string });
  const code = lines
    .filter((l) => l.to === phone && l.merchantId === merchantId)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/**
 * A customer signed in through the real login (a code asked for, read from the SMS outbox and sent back), from a
 * client address of its own so that no test's code limits reach another's. Fails the test on any other answer.
 */
export async function signInCustomer(
  t: TestApp,
  dataDir: string,
  { phone, merchantId, ip }: { phone: string; merchantId: string; ip: string },
) {
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/v1/auth/${url}`,
      headers: { 'x-merchant-id': merchantId },
      remoteAddress: ip,
      payload,
    });
  const sent = await post('otp', { phone });
  if (sent.statusCode !== 200) throw new Error(`otp: ${sent.statusCode} ${sent.body}`);
  const verified = await post('otp/verify', { phone, code: await lastSmsCode(dataDir, phone, merchantId) });
  if (verified.statusCode !== 200) throw new Error(`otp/verify: ${verified.statusCode} ${verified.body}`);
  const { token, user } = LoginResponse.parse(verified.json());
  return { token, id: user.id, merchant: merchantId, phone };
}

/**
 * The calls a storefront-side test makes at one brand, each from a client address of its own (`10.<net>.x.y`) so that
 * no test's limits reach another's: `call(method, url, token, body)` under `/api`, a `customer()` signed in through
 * the real login with a fresh phone (`+998<operator>…`), a staff member's token by role, and a pickup order placed.
 */
export function brandCalls(
  app: { readonly t: TestApp; readonly dataDir: string },
  { merchantId, net, operator = '93' }: { merchantId: string; net: number; operator?: string },
) {
  let serial = 0;
  const freshIp = () => `10.${net}.${Math.floor(++serial / 250)}.${serial % 250}`;
  const freshPhone = () => `+998${operator}${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    app.t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchantId, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const customer = (phone = freshPhone()) => signInCustomer(app.t, app.dataDir, { phone, merchantId, ip: freshIp() });
  const staffToken = (phone: string, password: string) => signInStaff(app.t, phone, merchantId, password, freshIp());
  const placePickup = async (token: string, branchId: string, cartItems: { productId: string; count: number }[]) => {
    const res = await call('POST', '/orders/v1/orders', token, { serviceType: 'PICK_UP', branchId, cartItems });
    if (res.statusCode !== 201) throw new Error(`place: ${res.statusCode} ${res.body}`);
    return Order.parse(res.json());
  };
  return { freshIp, freshPhone, call, customer, staffToken, placePickup };
}

/** A staff session of the demo's tezkor staff (DEMO.tezkor.staffPhones), through the real login; answers the bearer token. */
export async function signInStaff(t: TestApp, phone: string, merchantId: string, password: string, ip = '10.99.0.1'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/v1/auth/login',
    headers: { 'x-merchant-id': merchantId },
    remoteAddress: ip,
    payload: { phone, password },
  });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
  return StaffLoginResponse.parse(res.json()).token;
}

/**
 * A caller of the back office's API (`/api/admin/v1`, issue 28) as one staff member: `call('PUT', '/admin/v1/x', body)`
 * answers the injected reply. The brand is named by its id header, as the console's host would.
 */
export function staffCaller(t: TestApp, token: string | null, merchantId: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchantId, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Each demo role of Tezkor signed in to the console, as a caller of the API (the back office's tests). */
export async function tezkorStaff(t: TestApp): Promise<Record<(typeof STAFF_ROLES)[number], ReturnType<typeof staffCaller>>> {
  const T = DEMO.tezkor;
  const callers = {} as Record<(typeof STAFF_ROLES)[number], ReturnType<typeof staffCaller>>;
  for (const role of STAFF_ROLES) callers[role] = staffCaller(t, await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword), T.id);
  return callers;
}

/**
 * Opens a branch round the clock in this test file's database, for tests that need a second open branch whatever
 * the hour of the run (the demo's other branches keep real hours, so they close at night in Tashkent). Call it before
 * the app has read the branch.
 */
export async function openRoundTheClock(t: TestApp, merchantId: string, branchId: string) {
  await t.database.db
    .update(workHours)
    .set({ open: '00:00', close: '00:00', extraOpen: null, extraClose: null, isDayOff: false })
    .where(and(eq(workHours.merchantId, merchantId), eq(workHours.branchId, branchId)));
}

/**
 * Runs `check` until it passes, for what a quote shows after a catalogue change (the quote prices from a snapshot
 * each instance drops when the database tells of a change). PGlite tells it as the writer's statement answers, so
 * there the first run must pass; PostgreSQL tells the listening connection a moment after the commit.
 */
export async function heard(backend: Backend, check: () => Promise<void>, waitMs = 5000): Promise<void> {
  if (backend === 'pglite') return check();
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Counts what this process sends the database: every statement on PGlite, every query and checkout of the pool on PostgreSQL. */
export function countStatements(database: Database): { count(): number; stop(): void } {
  let n = 0;
  if (database.pglite) {
    const pg = database.pglite as unknown as { execProtocolRaw: (...args: unknown[]) => unknown };
    const original = pg.execProtocolRaw;
    pg.execProtocolRaw = function (this: unknown, ...args: unknown[]) {
      n += 1;
      return original.apply(this, args);
    };
    return { count: () => n, stop: () => void (pg.execProtocolRaw = original) };
  }
  const pool = database.pool! as unknown as { query: (...args: unknown[]) => unknown; connect: (...args: unknown[]) => unknown };
  const { query, connect } = pool;
  // A query of the pool checks a connection out itself (at once, inside the call): that is one statement.
  let inQuery = false;
  pool.query = function (this: unknown, ...args: unknown[]) {
    n += 1;
    inQuery = true;
    try {
      return query.apply(this, args);
    } finally {
      inQuery = false;
    }
  };
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (!inQuery) n += 1;
    return connect.apply(this, args);
  };
  return {
    count: () => n,
    stop: () => {
      pool.query = query;
      pool.connect = connect;
    },
  };
}

/** The storefront's page template, as the web build leaves it: the shell the server renders pages into. */
const PAGE_TEMPLATE =
  '<!doctype html><html lang="ru" dir="ltr"><head><meta name="theme-color" content="#FCE000" /><meta name="description" content="Online food ordering" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><title>Dasturxon</title></head><body><div id="root"></div><script type="module" src="/assets/shell-1.js"></script></body></html>';

/**
 * The config of an instance that renders the storefront's pages on the server (WEB_DIST, WEB_SSR_DIST): a page
 * template in a new folder and the storefront's server code built for this run (global-setup.ts).
 */
export async function pageDist(prefix: string): Promise<Record<string, string>> {
  const dist = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(dist, 'index.html'), PAGE_TEMPLATE);
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'src/i18n/locales/ru.po': { file: 'assets/ru-R1.js' } }));
  return { WEB_DIST: dist, WEB_SSR_DIST: inject('ssrDist') };
}

/**
 * One app on `backend` with a data folder of its own (and `env`'s config), opened before the calling block's tests and closed after them.
 * Read `t` and `dataDir` inside the tests.
 */
export function oneInstance(
  backend: Backend,
  prefix: string,
  {
    env = async () => ({}),
    ready = async () => {},
  }: { env?: () => Promise<Record<string, string>>; ready?: (t: TestApp) => Promise<unknown> } = {},
): { readonly t: TestApp; readonly dataDir: string } {
  const app = {} as { t: TestApp; dataDir: string };
  beforeAll(async () => {
    app.dataDir = await mkdtemp(join(tmpdir(), prefix));
    app.t = await createTestApp(backend, { DATA_DIR: app.dataDir, ...(await env()) });
    await ready(app.t);
  });
  afterAll(async () => {
    await app.t?.close();
    if (app.dataDir) await rm(app.dataDir, { recursive: true, force: true });
  });
  return app;
}

/**
 * Two instances on one PostgreSQL database with one data folder (what several servers behind a balancer share),
 * opened before the calling block's tests and closed after them. Read `a`, `b` and `dataDir` inside the tests.
 */
export function twoInstances(
  prefix: string,
  config: () => Promise<Record<string, string>> = async () => ({}),
): { readonly a: TestApp; readonly b: TestApp; readonly dataDir: string } {
  const pair = {} as { a: TestApp; b: TestApp; dataDir: string };
  beforeAll(async () => {
    pair.dataDir = await mkdtemp(join(tmpdir(), prefix));
    const extra = await config();
    pair.a = await createTestApp('postgres', { DATA_DIR: pair.dataDir, ...extra });
    pair.b = await createTestApp('postgres', { DATA_DIR: pair.dataDir, ...extra }, { sameDatabaseAs: pair.a });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
    if (pair.dataDir) await rm(pair.dataDir, { recursive: true, force: true });
  });
  return pair;
}

/** A stream read in the background (`listen`): its events as they come, and whether (and how) it ended. */
export interface Listening {
  events: StreamEvent[];
  /** Settles once the server has answered 200 and the stream is open. */
  open: Promise<void>;
  /** Whether the stream has ended by the server's hand (or failed), not by `stop()`. */
  ended(): boolean;
  /** Waits (up to 5 s) for the stream to end by the server's hand; answers whether it did. */
  end(): Promise<boolean>;
  /** Waits (up to `waitMs`) for `n` events; answers those seen. */
  until(n: number, waitMs?: number): Promise<StreamEvent[]>;
  stop(): Promise<void>;
}

/**
 * Reads an event stream of a listening server over real HTTP with the browsers' reader (`readEvents` of
 * @dasturxon/client, its parser included): `url` is the whole address, `lastEventId` resumes after that event.
 */
export function listen(
  url: string,
  { token, merchantId, lastEventId = null }: { token: string; merchantId: string; lastEventId?: string | null },
): Listening {
  const events: StreamEvent[] = [];
  const controller = new AbortController();
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  let ended = false;
  const done = readEvents({
    url,
    token,
    headers: { 'x-merchant-id': merchantId },
    lastEventId,
    signal: controller.signal,
    onOpen: () => opened(),
    onEvent: (e) => events.push(e),
  })
    .catch(() => null)
    .finally(() => (ended = !controller.signal.aborted));
  const waitFor = async (done: () => boolean, waitMs: number) => {
    for (let waited = 0; waited < waitMs && !done(); waited += 25) await new Promise((r) => setTimeout(r, 25));
  };
  return {
    events,
    open,
    ended: () => ended,
    async end() {
      await waitFor(() => ended, 5000);
      return ended;
    },
    async until(n, waitMs = 5000) {
      await waitFor(() => events.length >= n, waitMs);
      return events;
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}
