import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchantSecrets, merchants, merchantSettings, PG_ERROR, pgErrorCode } from '@dasturxon/db';
import type { ContentLanguage, SmsGateway } from '@dasturxon/domain';
import { codeSmsText, DEFAULT_SMS_TEMPLATES } from '../src/sms/sms-text.ts';
import { DEMO } from '@dasturxon/db/seed';
import { BACKENDS, createTestApp, lastSmsCode, type TestApp } from './harness.ts';

/** One request as a fake provider received it. */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Form fields (multipart or urlencoded) or the JSON body. */
  body: unknown;
}

/** A provider on 127.0.0.1 that records each request and answers with `handle`. */
async function fakeProvider(handle: (r: Received) => { status: number; json?: unknown }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const type = req.headers['content-type'] ?? '';
      let body: unknown = null;
      if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
        const form = await new Request('http://fake.local/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
        body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      } else if (raw.length) {
        body = JSON.parse(raw.toString('utf8'));
      }
      const r: Received = { method: req.method!, path: req.url!, headers: req.headers, body };
      received.push(r);
      const answer = handle(r);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A JWT of the shape Eskiz issues; only `exp` matters to us, the signature is never checked. */
function jwt(serial: number, expSeconds: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 42, n: serial, exp: expSeconds })}.c2lnbmF0dXJl`;
}

describe.each(BACKENDS)('SMS gateways on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;

  /** Eskiz as docs/protocols.md 5.1 describes it, with knobs for the token cases. */
  const eskizState = {
    tokens: new Map<string, boolean>(),
    issued: 0,
    ttlSeconds: 30 * 24 * 3600,
    refuseRefresh: false,
    sendStatus: 200,
  };
  const issueToken = () => {
    const token = jwt(++eskizState.issued, Math.floor(t.clock.now().getTime() / 1000) + eskizState.ttlSeconds);
    eskizState.tokens.set(token, true);
    return { status: 200, json: { message: 'token_generated', data: { token }, token_type: 'bearer' } };
  };
  const bearer = (r: Received) => /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1] ?? '';
  let eskiz: Awaited<ReturnType<typeof fakeProvider>>;
  let playMobile: Awaited<ReturnType<typeof fakeProvider>>;
  let playMobileStatus = 200;

  beforeAll(async () => {
    eskiz = await fakeProvider((r) => {
      if (r.method === 'POST' && r.path === '/api/auth/login') {
        const f = r.body as Record<string, string>;
        return f.email === 'shop@tezkor.uz' && f.password === 'eskiz-secret'
          ? issueToken()
          : { status: 401, json: { message: 'Invalid credentials' } };
      }
      if (r.method === 'PATCH' && r.path === '/api/auth/refresh') {
        if (eskizState.refuseRefresh || !eskizState.tokens.has(bearer(r))) return { status: 401, json: { message: 'Unauthenticated.' } };
        return issueToken();
      }
      if (r.method === 'POST' && r.path === '/api/message/sms/send') {
        if (!eskizState.tokens.get(bearer(r))) return { status: 401, json: { message: 'Unauthenticated.' } };
        if (eskizState.sendStatus !== 200) return { status: eskizState.sendStatus, json: { message: 'Server error' } };
        return {
          status: 200,
          json: { id: 'e837dec2-6f1c-4ad1-9f5b-4c0c1f3a3d11', message: 'Waiting for SMS provider', status: 'waiting' },
        };
      }
      return { status: 404, json: { message: 'Not found' } };
    });
    playMobile = await fakeProvider((r) => {
      if (r.method === 'POST' && r.path === '/broker-api/send') return { status: playMobileStatus };
      return { status: 404 };
    });
    dataDir = await mkdtemp(join(tmpdir(), 'dx-sms-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir, ESKIZ_BASE_URL: `${eskiz.url}/api`, PLAY_MOBILE_BASE_URL: playMobile.url });
  });
  afterAll(async () => {
    await t?.close();
    await eskiz?.close();
    await playMobile?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    eskiz.received.length = 0;
    playMobile.received.length = 0;
    Object.assign(eskizState, { refuseRefresh: false, sendStatus: 200, ttlSeconds: 30 * 24 * 3600 });
    playMobileStatus = 200;
  });

  let serial = 0;
  const freshPhone = () => `+99897${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const advance = (seconds: number) => t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));

  /** A merchant of its own per test, so no token is cached from another test. */
  async function merchant(
    gateway: SmsGateway,
    sms: Record<string, unknown>,
    settings?: { smsContent?: string; brand?: string; mainLanguage?: ContentLanguage },
  ) {
    const [m] = await t.database.db
      .insert(merchants)
      .values({ name: 'Shirin Choyxona', sub: `sms${backend}${++serial}`, smsGateway: gateway })
      .returning();
    await t.database.db.insert(merchantSecrets).values({ merchantId: m!.id, smsCredentials: sms });
    if (settings) await t.database.db.insert(merchantSettings).values({ merchantId: m!.id, channel: 'WEB', ...settings });
    return m!.id;
  }
  const sendCode = (merchantId: string, phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/v1/auth/otp',
      headers: { 'x-merchant-id': merchantId },
      payload: { phone },
      remoteAddress: `10.3.0.${serial % 250}`,
    });
  const verify = (merchantId: string, phone: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/v1/auth/otp/verify',
      headers: { 'x-merchant-id': merchantId },
      payload: { phone, code },
    });
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  const outboxText = () => readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');

  const ESKIZ = { ESKIZ: { email: 'shop@tezkor.uz', password: 'eskiz-secret' } };
  const summary = (r: Received) =>
    `${r.method} ${r.path} ${bearer(r) ? `#${JSON.parse(Buffer.from(bearer(r).split('.')[1]!, 'base64url').toString()).n}` : ''}`.trim();

  describe('Eskiz', () => {
    it('logs in with the credentials, then sends a multipart form with the bearer token', async () => {
      const id = await merchant('ESKIZ', ESKIZ, { smsContent: '{brand}: kodingiz {code}', brand: 'Shirin' });
      const phone = freshPhone();
      const res = await sendCode(id, phone);
      expect(res.statusCode).toBe(200);

      const [login, send] = eskiz.received;
      expect(eskiz.received).toHaveLength(2);
      expect(login!.method).toBe('POST');
      expect(login!.path).toBe('/api/auth/login');
      expect(login!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(login!.headers.authorization).toBeUndefined();
      expect(login!.body).toEqual({ email: 'shop@tezkor.uz', password: 'eskiz-secret' });

      expect(send!.method).toBe('POST');
      expect(send!.path).toBe('/api/message/sms/send');
      expect(send!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(bearer(send!)).toBe([...eskizState.tokens.keys()].at(-1));
      const fields = send!.body as Record<string, string>;
      expect(Object.keys(fields).sort()).toEqual(['from', 'message', 'mobile_phone']);
      expect(fields.mobile_phone).toBe(phone.slice(1));
      expect(fields.from).toBe('4546');
      expect(fields.message).toMatch(/^Shirin: kodingiz \d{6}$/);

      // The code that went through Eskiz logs in; nothing went to the outbox.
      expect((await verify(id, phone, codeIn(fields.message ?? ''))).statusCode).toBe(200);
      expect(await outboxText()).not.toContain(phone);
    });

    it('keeps the token for later messages of the merchant', async () => {
      const id = await merchant('ESKIZ', ESKIZ);
      await sendCode(id, freshPhone());
      await sendCode(id, freshPhone());
      await sendCode(id, freshPhone());
      expect(eskiz.received.map((r) => r.path)).toEqual([
        '/api/auth/login',
        '/api/message/sms/send',
        '/api/message/sms/send',
        '/api/message/sms/send',
      ]);
      expect(new Set(eskiz.received.slice(1).map(bearer)).size).toBe(1);
    });

    it('sends the sender name and callback the merchant set', async () => {
      const id = await merchant('ESKIZ', { ESKIZ: { ...ESKIZ.ESKIZ, from: 'SHIRIN', callbackUrl: 'https://shirin.uz/sms/status' } });
      await sendCode(id, freshPhone());
      expect(eskiz.received[1]!.body).toMatchObject({ from: 'SHIRIN', callback_url: 'https://shirin.uz/sms/status' });
    });

    it('refreshes the token on a 401 and sends again', async () => {
      const id = await merchant('ESKIZ', ESKIZ);
      await sendCode(id, freshPhone());
      const first = bearer(eskiz.received[1]!);
      eskizState.tokens.set(first, false); // Eskiz no longer takes it for sending
      eskiz.received.length = 0;

      const res = await sendCode(id, freshPhone());
      expect(res.statusCode).toBe(200);
      expect(eskiz.received.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/message/sms/send',
        'PATCH /api/auth/refresh',
        'POST /api/message/sms/send',
      ]);
      expect(bearer(eskiz.received[0]!)).toBe(first);
      expect(bearer(eskiz.received[1]!)).toBe(first);
      expect(eskiz.received[1]!.body).toBeNull();
      const renewed = bearer(eskiz.received[2]!);
      expect(renewed).not.toBe(first);
      expect(eskizState.tokens.get(renewed)).toBe(true);
    });

    it('logs in again when the refresh is refused', async () => {
      const id = await merchant('ESKIZ', ESKIZ);
      await sendCode(id, freshPhone());
      eskizState.tokens.set(bearer(eskiz.received[1]!), false);
      eskizState.refuseRefresh = true;
      eskiz.received.length = 0;

      expect((await sendCode(id, freshPhone())).statusCode).toBe(200);
      expect(eskiz.received.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/message/sms/send',
        'PATCH /api/auth/refresh',
        'POST /api/auth/login',
        'POST /api/message/sms/send',
      ]);
    });

    it('renews a token a day before it expires, and logs in again once it has', async () => {
      eskizState.ttlSeconds = 3 * 24 * 3600;
      const id = await merchant('ESKIZ', ESKIZ);
      await sendCode(id, freshPhone());
      advance(2.5 * 24 * 3600);
      eskiz.received.length = 0;
      await sendCode(id, freshPhone());
      expect(eskiz.received.map(summary)).toEqual([
        `PATCH /api/auth/refresh #${eskizState.issued - 1}`,
        `POST /api/message/sms/send #${eskizState.issued}`,
      ]);

      advance(4 * 24 * 3600);
      eskiz.received.length = 0;
      await sendCode(id, freshPhone());
      expect(eskiz.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/login', 'POST /api/message/sms/send']);
    });

    it('answers 502 SMS_NOT_SENT when Eskiz fails, and the lost code holds nothing back', async () => {
      const id = await merchant('ESKIZ', ESKIZ);
      const phone = freshPhone();
      eskizState.sendStatus = 500;
      const res = await sendCode(id, phone);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('SMS_NOT_SENT');
      expect(res.body).not.toContain('Server error');
      eskizState.sendStatus = 200;
      expect((await sendCode(id, phone)).statusCode).toBe(200);
    });

    it('answers 502 SMS_NOT_SENT when the merchant has no Eskiz credentials, or wrong ones', async () => {
      for (const sms of [{}, { ESKIZ: { email: 'shop@tezkor.uz' } }, { ESKIZ: { email: 'shop@tezkor.uz', password: 'wrong' } }]) {
        const id = await merchant('ESKIZ', sms);
        const res = await sendCode(id, freshPhone());
        expect(res.statusCode, JSON.stringify(sms)).toBe(502);
        expect(res.json().code).toBe('SMS_NOT_SENT');
      }
    });
  });

  describe('Play Mobile', () => {
    const PLAY_MOBILE = { PLAY_MOBILE: { login: 'shirin', password: 'pm-secret' } };

    it('posts the JSON message with basic credentials', async () => {
      const id = await merchant('PLAY_MOBILE', PLAY_MOBILE, { smsContent: 'Kod: {code}', mainLanguage: 'uz' });
      const phone = freshPhone();
      expect((await sendCode(id, phone)).statusCode).toBe(200);
      expect(playMobile.received).toHaveLength(1);
      const r = playMobile.received[0]!;
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/broker-api/send');
      expect(r.headers.authorization).toBe(`Basic ${Buffer.from('shirin:pm-secret').toString('base64')}`);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.body).toEqual({
        messages: [
          {
            recipient: phone.slice(1),
            'message-id': expect.stringMatching(/^[0-9a-f]{12}$/),
            sms: { originator: '3700', content: { text: expect.stringMatching(/^Kod: \d{6}$/) } },
          },
        ],
      });
      const text = (r.body as { messages: [{ sms: { content: { text: string } } }] }).messages[0].sms.content.text;
      expect((await verify(id, phone, codeIn(text))).statusCode).toBe(200);
    });

    it('uses the originator the merchant set and a new message id each time', async () => {
      const id = await merchant('PLAY_MOBILE', { PLAY_MOBILE: { ...PLAY_MOBILE.PLAY_MOBILE, originator: 'SHIRIN' } });
      await sendCode(id, freshPhone());
      await sendCode(id, freshPhone());
      const bodies = playMobile.received.map(
        (r) => (r.body as { messages: [{ 'message-id': string; sms: { originator: string } }] }).messages[0],
      );
      expect(bodies.map((b) => b.sms.originator)).toEqual(['SHIRIN', 'SHIRIN']);
      expect(bodies[0]!['message-id']).not.toBe(bodies[1]!['message-id']);
    });

    it('answers 502 SMS_NOT_SENT when Play Mobile refuses', async () => {
      const id = await merchant('PLAY_MOBILE', PLAY_MOBILE);
      playMobileStatus = 400;
      const res = await sendCode(id, freshPhone());
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('SMS_NOT_SENT');
    });
  });

  describe('the outbox and the text', () => {
    it("writes the merchant's template with the code and brand put in", async () => {
      const id = await merchant('OUTBOX', {}, { smsContent: 'Kod: {code}. {brand} jamoasi', brand: 'Shirin' });
      const phone = freshPhone();
      await sendCode(id, phone);
      const line = JSON.parse((await outboxText()).trim().split('\n').at(-1)!);
      expect(line).toEqual({
        to: phone,
        text: expect.stringMatching(/^Kod: \d{6}\. Shirin jamoasi$/),
        merchantId: id,
        at: t.clock.now().toISOString(),
      });
    });

    it("uses the merchant's name and main language when it wrote no template", async () => {
      const id = await merchant('OUTBOX', {}, { mainLanguage: 'eng' });
      const phone = freshPhone();
      await sendCode(id, phone);
      const line = JSON.parse((await outboxText()).trim().split('\n').at(-1)!);
      expect(line.text).toMatch(/^Shirin Choyxona: your code is \d{6}\. Do not share it\.$/);
    });

    it('cannot be given a gateway name it does not know: the database refuses it', async () => {
      const refused = await t.database.db
        .insert(merchants)
        .values({ name: 'Shirin Choyxona', sub: `sms${backend}${++serial}`, smsGateway: 'CARRIER_PIGEON' as SmsGateway })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(pgErrorCode(refused)).toBe(PG_ERROR.CHECK_VIOLATION);
    });
  });
});

describe('codeSmsText', () => {
  it('puts the code and the brand where the template says', () => {
    expect(codeSmsText({ template: '{brand} kodi: {code}', code: '042917', brand: 'Tezkor', language: 'uz' })).toBe('Tezkor kodi: 042917');
  });
  it('appends the code to a template that forgot it', () => {
    expect(codeSmsText({ template: 'Tezkor Burger kodi:', code: '042917', brand: 'Tezkor', language: 'uz' })).toBe(
      'Tezkor Burger kodi: 042917',
    );
  });
  it('falls back to a short default in each language', () => {
    for (const language of ['uz', 'ru', 'eng'] as const) {
      const text = codeSmsText({ template: '  ', code: '042917', brand: 'Navbahor', language });
      expect(text).toBe(DEFAULT_SMS_TEMPLATES[language].replace('{brand}', 'Navbahor').replace('{code}', '042917'));
      // A Cyrillic SMS holds 70 characters; one part is enough with a brand name of 20.
      expect(text.length).toBeLessThanOrEqual(70);
    }
  });
});

/*
 * Issue 26: the outbox wrote each login code and whole number to the info log, in production too. Now the log says
 * where a message went with the number masked, never its text, and production refuses the outbox unless SMS_OUTBOX
 * names it. Before, the first test found the code in the log and the second built a production app without a word.
 */
describe.each(BACKENDS)('the outbox gateway, on %s', (backend) => {
  it('logs a login without its code or the whole number', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-outbox-log-'));
    const lines: string[] = [];
    const t = await createTestApp(
      backend,
      { DATA_DIR: dataDir },
      { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
    );
    try {
      const phone = '+998935551234';
      const headers = { 'x-merchant-id': DEMO.tezkor.id };
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/users/v1/auth/otp',
        headers,
        payload: { phone },
        remoteAddress: '192.0.2.50',
      });
      expect(sent.statusCode).toBe(200);
      const code = await lastSmsCode(dataDir, phone, DEMO.tezkor.id);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/v1/auth/otp/verify',
        headers,
        payload: { phone, code },
        remoteAddress: '192.0.2.50',
      });
      expect(login.statusCode).toBe(200);

      const log = lines.join('');
      expect(lines.some((l) => l.includes('outbox'))).toBe(true);
      expect(log).toContain('+998 93 *** ** 34');
      expect(log).not.toContain(code);
      expect(log).not.toMatch(/998935551234|93 555 12 34/);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the outbox gateway in production', () => {
  it('stops a start while a brand uses it, naming SMS_OUTBOX; with SMS_OUTBOX=true it starts and warns', async () => {
    // PGlite: a refused start leaves its database behind, and PGlite's is in memory.
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-long-enough-test-secret',
      PAYMENT_SECRETS_KEY: 'a-production-payment-secrets-key',
      SEED_DEMO: 'false',
    };
    await expect(createTestApp('pglite', production)).rejects.toThrow(/SMS_OUTBOX.*(navbahor|tezkor)/);

    const lines: string[] = [];
    const t = await createTestApp(
      'pglite',
      { ...production, SMS_OUTBOX: 'true' },
      { logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } },
    );
    try {
      expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/SMS_OUTBOX=true/) }),
      );
    } finally {
      await t.close();
    }
  });
});
