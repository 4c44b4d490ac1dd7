import type { Browser } from '@playwright/test';
import { brandUrl, expect, STAFF_PASSWORD } from './support.ts';

// What the QR table journeys share (issue 32): the demo waiter, their calls to the API, and a table's printed link.

export const WAITER = '+998900000007';

/**
 * The waiter's calls to the API, made from a page of the brand's host (Node does not resolve *.localhost; the browser
 * does, and the QR sheet's links are made of the host they are asked on).
 */
export async function waiterApi(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(brandUrl('tezkor', '/api/users/v1/merchants/current'));
  const merchantId = ((await page.evaluate(() => JSON.parse(document.body.innerText) as { id: string })) as { id: string }).id;
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    page.evaluate(
      async ({ method, path, token, body, merchantId }) => {
        const res = await fetch(`/api${path}`, {
          method,
          headers: {
            'x-merchant-id': merchantId,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? null : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      },
      { method, path, token, body, merchantId },
    );
  const login = await call('POST', '/ops/v1/auth/login', null, { phone: WAITER, password: STAFF_PASSWORD });
  expect(login.status).toBe(200);
  const token = (login.body as { token: string }).token;
  return { merchantId, context, call: (method: string, path: string, body?: unknown) => call(method, path, token, body) };
}

/** The printed link of a table of Chilonzor, as the console's QR sheet has it. */
export async function tableLink(waiter: Awaited<ReturnType<typeof waiterApi>>, chilonzor: string, name: string) {
  const sheet = (await waiter.call('GET', `/ops/v1/floor/branches/${chilonzor}/qr`)).body as { tables: { name: string; url: string }[] };
  return sheet.tables.find((t) => t.name === name)!.url;
}
