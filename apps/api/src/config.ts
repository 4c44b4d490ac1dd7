import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { OTP_RESEND_SECONDS } from '@dasturxon/domain';
import { DEV_PAYMENT_SECRETS_KEY } from '@dasturxon/db';

const repoPath = (relative: string) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

/**
 * Every setting, with its default. Parsed once at boot; a wrong value stops the server with a
 * message naming the variable (docs/architecture.md, convention 9). The README lists the same table.
 */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// address')
    .optional(),
  BASE_DOMAINS: z
    .string()
    .default('localhost')
    .transform((s) =>
      s
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  SEED_DEMO: bool(true),
  /**
   * The brand a development host (localhost, 127.0.0.1) shows without `?vendor=` (docs/spec-index.md section 1): the demo
   * chain, so `npm start` then http://localhost:3000 opens a shop. Empty for none (MERCHANT_REQUIRED).
   */
  DEV_BRAND: z
    .string()
    .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)?$/, 'must be a brand sub-domain or empty')
    .default('tezkor')
    .transform((v) => v || null),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which `X-Forwarded-*` to believe: `false` (none, the default), a number of proxy hops in front of the
   * server (`1`: the nearest one's entry is the client), or a comma-separated list of proxy addresses or
   * CIDR ranges. `true` means 1 hop: trusting every hop would let a client name its own address in
   * X-Forwarded-For and slip past the per-address limits.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const value = (v ?? 'false').trim().toLowerCase();
      if (['false', '0', 'no', ''].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be false, a number of hops or a list of proxy addresses' });
      return z.NEVER;
    }),
  /**
   * The client addresses (request.ip, as TRUST_PROXY makes it) Payme may call from: a comma-separated list of
   * addresses and CIDR ranges (Payme's are 185.234.113.1-15, docs/protocols.md 1.1); unset, any address (the key is the gate).
   */
  PAYME_ALLOWED_IPS: z
    .string()
    .optional()
    .transform((v, ctx): string[] | null => {
      const list = (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (!list.length) return null;
      const valid = (entry: string) => {
        const [address = '', bits, extra] = entry.split('/');
        const family = isIP(address);
        if (!family || extra !== undefined) return false;
        return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
      };
      if (list.every(valid)) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of addresses or CIDR ranges' });
      return z.NEVER;
    }),
  WEB_DIST: z.string().default(repoPath('apps/web/dist')),
  WEB_SSR_DIST: z.string().default(repoPath('apps/web/dist-ssr')),
  /** The Telegram Bot API's address: status messages go through each brand's bot (tests point it at a local fake). */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** The oldest Telegram Mini App data (its auth_date) the server trusts, in seconds (docs/telegram.md); 0: no age check. */
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(86_400),
  /** Where Telegram reaches this deployment (https://…): `npm run bot -- setup` points each brand's webhook at it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  /** Live event streams one session (a customer's or a staff member's) may hold at once; more answer 429. */
  STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** The staff console's build (apps/ops), served under /ops. */
  OPS_DIST: z.string().default(repoPath('apps/ops/dist')),
  MEDIA_DIR: z.string().default(repoPath('packages/db/media')),
  /** The resized-picture cache's limit on disk (`DATA_DIR/media-cache`); the least recently used variants are removed first. */
  MEDIA_CACHE_MB: z.coerce.number().int().min(1).default(512),
  /** Where the back office's uploaded pictures are kept (keys `u/…`); `DATA_DIR/uploads` when unset. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** The largest picture the back office may upload, in megabytes (413 MEDIA_TOO_LARGE beyond). */
  MEDIA_UPLOAD_MB: z.coerce.number().min(0.1).max(100).default(10),
  /** Memory for the storefront's kept (server-rendered) pages; the least recently used go first. */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).default(128),
  /** How often the order timers run (unpaid online orders cancelled, scheduled ones opened), in seconds; 0: never. */
  ORDER_TIMERS_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /**
   * On SIGTERM, how long the instance keeps serving with `GET /api/ready` answering 503 before it stops taking
   * connections: set it to the balancer's readiness interval times its fall count. 0: stop at once (refused
   * connections are retried by the balancer).
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Key of the HMAC that one-time codes are stored under; without it a copy of the database can test guesses offline. */
  AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The platform operator's token for `/api/platform/v1` (new brands, deactivation); unset, the platform API is not there (404). */
  PLATFORM_ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** The bearer token Prometheus scrapes `GET /metrics` with; unset, the metrics are not served (404). */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Key the brands' payment provider credentials are sealed under (AES-256-GCM, docs/decisions/009); unset: a
   * built-in development key, warned about in production. Changing it needs the accounts sealed again.
   */
  PAYMENT_SECRETS_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The providers' payment pages a customer is sent to (GET /payments/v2/checkout/{id}); Payme's sandbox accounts use PAYME_TEST_CHECKOUT_URL. */
  PAYME_CHECKOUT_URL: z.url().default('https://checkout.paycom.uz/'),
  PAYME_TEST_CHECKOUT_URL: z.url().default('https://test.paycom.uz/'),
  CLICK_PAY_URL: z.url().default('https://my.click.uz/services/pay'),
  UZUM_PAY_URL: z.url().default('https://www.uzumbank.uz/open-service'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Codes to one number asked for from one client address an hour: a stranger's requests never count against the owner. */
  OTP_SENDS_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Higher than per phone: mobile carriers put many customers behind one address (CGNAT). */
  OTP_SENDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Codes to one number from every address an hour; past it the number is slowed to one code per
   * OTP_SLOW_SECONDS, never refused. Above OTP_SENDS_PER_PHONE_PER_HOUR, so one address alone cannot slow a number.
   */
  OTP_SENDS_PER_PHONE_ALL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** The longest a stranger with many addresses can hold back a number's owner (docs/decisions/004). */
  OTP_SLOW_SECONDS: z.coerce.number().int().min(OTP_RESEND_SECONDS).max(3600).default(300),
  /** Login codes a brand may send an hour and a day, unless the brand sets its own (merchants.sms_budget_per_hour/_day). */
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(0).default(300),
  SMS_BUDGET_PER_DAY: z.coerce.number().int().min(0).default(2000),
  /**
   * Under a flood of code requests (docs/decisions/004, "Under a flood"): the share of the hourly budget kept for
   * numbers that have an account at the brand and for order confirmations; the share one network (IPv4 /24, IPv6
   * /48) may spend on new numbers; how much of the budget is spent before a login code needs a proof of work, and
   * its difficulty in leading zero bits of SHA-256.
   */
  SMS_RESERVE_PERCENT: z.coerce.number().int().min(0).max(90).default(30),
  SMS_NETWORK_PERCENT: z.coerce.number().int().min(1).max(100).default(10),
  SMS_CHALLENGE_AFTER_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  SMS_CHALLENGE_BITS: z.coerce.number().int().min(1).max(28).default(16),
  /**
   * The demo outbox gateway (DATA_DIR/sms-outbox.jsonl, login codes in a file) in production: refused unless
   * this says `true`, so a deployment never hands codes to a file by accident.
   */
  SMS_OUTBOX: bool(false),
  /** Calls that cost work (a quote, a promo check), per client address a minute (plugins/rate-limit.ts). */
  RATE_LIMIT_WORK_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** The open calls (zones, tariff, geocoding) of one brand's guests together, a minute (docs/decisions/013-open-calls.md). */
  RATE_LIMIT_GUESTS_PER_BRAND_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Calls that cost work under way at once (plugins/work-gate.ts); the rest wait their turn at the
   * door without crowding out other requests. Unset: 2 on PGlite (it runs its queries in this process), 8 on PostgreSQL.
   */
  WORK_SLOTS: z.coerce.number().int().min(1).optional(),
  /** Pictures per client address a minute: a menu page asks for a few dozen at once. */
  RATE_LIMIT_MEDIA_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  ESKIZ_BASE_URL: z.url().default('https://notify.eskiz.uz/api'),
  PLAY_MOBILE_BASE_URL: z.url().default('https://send.smsxabar.uz'),
  /** Click's Merchant API (docs/protocols.md 2.8), which saved cards are tokenised and paid through (features/payments, cards). */
  CLICK_MERCHANT_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default('https://api.click.uz/v2/merchant/'),
  /**
   * A Nominatim the address pickers' geocoding asks first (e.g. https://nominatim.openstreetmap.org), at most
   * once a second; unset: the built-in gazetteer of the demo cities answers alone (features/geocoding).
   */
  NOMINATIM_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  /** The keyed Nominatim-compatible geocoder a brand with its own key is answered by (LocationIQ's API; the key is the brand's secret). */
  GEOCODER_KEYED_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default('https://eu1.locationiq.com/v1'),
  /** Yandex's HTTP Geocoder, asked first for a brand whose maps are Yandex's, with its key (features/geocoding yandex.geocoder.ts). */
  YANDEX_GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default('https://geocode-maps.yandex.ru/1.x'),
  /** How Nominatim's operators reach us, put in the User-Agent `Dasturxon/<version> (+contact)`: a URL or an e-mail address. */
  NOMINATIM_CONTACT: z
    .string()
    .regex(/^[\x20-\x7e]{3,200}$/, 'must be 3 to 200 printable ASCII characters')
    .default('https://dasturxon.uz'),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const missing = productionProblems(result.data);
  if (missing.length) throw new ConfigError(`Invalid configuration for production:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  return result.data;
}

/**
 * What production refuses to start without (issue 33): the secrets the development defaults stand in for, and no
 * demo brands (their payment sandbox accounts and test bot are public in the README). One line per variable, naming it.
 */
function productionProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.AUTH_SECRET) problems.push('AUTH_SECRET: must be set (the key one-time codes are stored under)');
  if (!config.PAYMENT_SECRETS_KEY || config.PAYMENT_SECRETS_KEY === DEV_PAYMENT_SECRETS_KEY)
    problems.push("PAYMENT_SECRETS_KEY: must be set, and not to the development key (the brands' payment accounts are sealed under it)");
  if (config.SEED_DEMO) problems.push('SEED_DEMO: must be false (the demo brands carry public sandbox payment accounts and a test bot)');
  return problems;
}

/** A brand's storefront address, which its Telegram bot's mini app opens (https://<sub>.<first base domain>). */
export function storefrontOf(config: Pick<Config, 'BASE_DOMAINS'>): (sub: string) => string {
  return (sub) => `https://${sub}.${config.BASE_DOMAINS[0] ?? 'localhost'}`;
}
