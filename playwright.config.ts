import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3200);
// One data folder per port: two runs on two ports never share (or delete) each other's database.
const DATA_DIR = `test-results/e2e-data-${PORT}`;
// The journeys read the server's files (the SMS outbox) from here.
process.env.E2E_DATA_DIR = DATA_DIR;
// Payme's checkout page, played by e2e/providers/fake-payme.ts: the demo's sandbox cashbox sends customers there.
const FAKE_PAYME_PORT = PORT + 99;
// Click's Merchant API (card tokens), played by e2e/providers/fake-click.ts; the journeys read its codes from it.
const FAKE_CLICK_PORT = PORT + 98;
process.env.FAKE_CLICK_URL = `http://127.0.0.1:${FAKE_CLICK_PORT}`;
// The platform operator's token of the journeys' server (new brands, e2e/admin-platform.spec.ts).
const PLATFORM_ADMIN_TOKEN = 'e2e-platform-token-0123456789abcdef';
process.env.E2E_PLATFORM_TOKEN = PLATFORM_ADMIN_TOKEN;

export default defineConfig({
  testDir: 'e2e',
  // Files run in name order on one server; the back office's journeys (z-admin-*) change the demo's menu and open new
  // brands, so they run last, after the journeys that read the demo as seeded.
  testMatch: '**/*.spec.ts',
  outputDir: `test-results/playwright-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // The storefront's offline worker (docs/decisions/018-offline-app.md) answers from its caches: the journeys see the
    // network as it is, except e2e/c29-navigation.spec.ts, which allows the worker where it tests it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // Every journey comes from one address: the per-address limits (calls that cost work, pictures, login codes sent)
      // would stand in for a crowd of customers (and its one network for a flood: SMS_NETWORK_PERCENT, the brand's guests). The per-number limits stay as they are.
      command: `rm -rf ${DATA_DIR} && PORT=${PORT} DATA_DIR=${DATA_DIR} PLATFORM_ADMIN_TOKEN=${PLATFORM_ADMIN_TOKEN} LOG_LEVEL=warn RATE_LIMIT_WORK_PER_MINUTE=1000000 RATE_LIMIT_MEDIA_PER_MINUTE=1000000 OTP_SENDS_PER_ADDRESS_PER_HOUR=1000 SMS_NETWORK_PERCENT=100 RATE_LIMIT_GUESTS_PER_BRAND_PER_MINUTE=1000000 PAYME_TEST_CHECKOUT_URL=http://127.0.0.1:${FAKE_PAYME_PORT}/ CLICK_MERCHANT_API_URL=http://127.0.0.1:${FAKE_CLICK_PORT}/v2/merchant/ node --import tsx apps/api/src/server.ts`,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `FAKE_PAYME_PORT=${FAKE_PAYME_PORT} MERCHANT_API=http://localhost:${PORT}/api/payments/v1/payme PAYME_KEY=tezkor-payme-test-key node --import tsx e2e/providers/fake-payme.ts`,
      url: `http://127.0.0.1:${FAKE_PAYME_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `FAKE_CLICK_PORT=${FAKE_CLICK_PORT} node --import tsx e2e/providers/fake-click.ts`,
      url: `http://127.0.0.1:${FAKE_CLICK_PORT}/__journeys/last-code`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
