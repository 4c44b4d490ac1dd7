import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/*
 * Payme's checkout page, played for the journeys (issue 14): it opens the link our server builds
 * (`https://checkout.paycom.uz/` + base64 of `m=…;ac.order_id=…;a=…;c=…`, docs/protocols.md 1.8), shows the order and
 * the amount, and when "Pay" is pressed does what Payme does: CheckPerformTransaction, CreateTransaction and
 * PerformTransaction on our Merchant API (JSON-RPC, Basic auth `Paycom:{key}`, amounts in tiyin), then sends the
 * customer back to the return address. Run: `node --import tsx e2e/providers/fake-payme.ts` with FAKE_PAYME_PORT,
 * MERCHANT_API (our /api/payments/v1/payme) and PAYME_KEY (the demo cashbox's key).
 */

const PORT = Number(process.env.FAKE_PAYME_PORT ?? 3299);
const MERCHANT_API = process.env.MERCHANT_API ?? 'http://localhost:3200/api/payments/v1/payme';
const KEY = process.env.PAYME_KEY ?? 'tezkor-payme-test-key';

/** The link's parameters: `m`, `ac.order_id`, `a`, `c`, … */
export function decodeCheckoutLink(path: string): Record<string, string> {
  const text = Buffer.from(decodeURIComponent(path.replace(/^\//, '')), 'base64').toString('utf8');
  return Object.fromEntries(
    text
      .split(';')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

let rpcId = 0;
async function rpc(
  method: string,
  params: Record<string, unknown>,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: { en: string } } }> {
  const res = await fetch(MERCHANT_API, {
    method: 'POST',
    headers: { 'content-type': 'text/json; charset=UTF-8', authorization: `Basic ${Buffer.from(`Paycom:${KEY}`).toString('base64')}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  return (await res.json()) as { result?: Record<string, unknown>; error?: { code: number; message: { en: string } } };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Payme</title>` +
  `<style>body{font:16px system-ui;margin:0;background:#f2f7f7;color:#123}main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:20px}` +
  `h1{color:#00a5a8;margin:0 0 16px}button{width:100%;padding:14px;border:0;border-radius:12px;background:#00a5a8;color:#fff;font-size:17px;font-weight:700}` +
  `a{display:block;text-align:center;margin-top:16px;color:#567}</style></head><body><main>${body}</main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${PORT}`);
  if (req.method === 'GET' && url.pathname === '/health') {
    res.end('ok');
    return;
  }
  if (req.method === 'POST' && url.pathname === '/pay') {
    const form = await readForm(req);
    const link = decodeCheckoutLink(form.get('link') ?? '');
    const account = { order_id: link['ac.order_id'] };
    const amount = Number(link.a);
    const id = randomBytes(12).toString('hex');
    for (const [method, params] of [
      ['CheckPerformTransaction', { amount, account }],
      ['CreateTransaction', { id, time: Date.now(), amount, account }],
      ['PerformTransaction', { id }],
    ] as const) {
      const answer = await rpc(method, params);
      if (answer.error) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          page(
            `<h1>Payme</h1><p data-testid="payme-error">${escape(method)}: ${answer.error.code} ${escape(answer.error.message.en)}</p><a href="${escape(link.c ?? '/')}">Назад</a>`,
          ),
        );
        return;
      }
    }
    res.writeHead(303, { location: link.c ?? '/' });
    res.end();
    return;
  }
  if (req.method === 'GET') {
    const encoded = url.pathname.slice(1);
    const link = decodeCheckoutLink(encoded);
    if (!link['ac.order_id'] || !link.a) {
      res.writeHead(404).end('unknown checkout');
      return;
    }
    const sums = (Number(link.a) / 100).toLocaleString('ru-RU');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      page(
        `<h1>Payme</h1><p>Заказ <b data-testid="payme-order">${escape(link['ac.order_id'])}</b></p>` +
          `<p>К оплате: <b data-testid="payme-amount" data-tiyin="${escape(link.a)}">${escape(sums)} сум</b></p>` +
          `<form method="post" action="/pay"><input type="hidden" name="link" value="${escape(encoded)}"><button data-testid="payme-pay">Оплатить</button></form>` +
          `<a href="${escape(link.c ?? '/')}">Отмена</a>`,
      ),
    );
    return;
  }
  res.writeHead(405).end();
}

createServer((req, res) => {
  handle(req, res).catch((error: Error) => {
    res.writeHead(500).end(error.message);
  });
}).listen(PORT, '127.0.0.1');
