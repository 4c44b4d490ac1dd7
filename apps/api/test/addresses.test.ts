import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { MAX_SAVED_ADDRESSES } from '@dasturxon/domain';
import { Address } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const TEZKOR = DEMO.tezkor.id;
const NAVBAHOR = DEMO.navbahor.id;
/** Chilonzor, Tashkent. */
const HOME = { latitude: 41.2856, longitude: 69.2034 };

describe.each(BACKENDS)('saved addresses on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-addresses-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // Every login uses its own number and client address, so the code limits of one never reach another.
  let serial = 0;
  const freshPhone = () => `+99894${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const freshIp = () => `10.12.${Math.floor(++serial / 250)}.${serial % 250}`;
  const advance = (seconds: number) => t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown, merchant = TEZKOR) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A new customer, signed in through the real login (the code read from the SMS outbox). */
  const login = (merchant: string = TEZKOR) => signInCustomer(t, dataDir, { phone: freshPhone(), merchantId: merchant, ip: freshIp() });
  type Customer = Awaited<ReturnType<typeof login>>;
  const list = (c: Customer, userId = c.id, merchantInPath = c.merchant) =>
    call('GET', `/users/v1/addresses/merchant/${merchantInPath}/user/${userId}`, c.token, undefined, c.merchant);
  const create = (c: Customer, body: unknown, userId = c.id) =>
    call('POST', `/users/v1/addresses/user/${userId}`, c.token, body, c.merchant);
  const replace = (c: Customer, id: string, body: unknown) => call('PUT', `/users/v1/addresses/${id}`, c.token, body, c.merchant);
  const remove = (c: Customer, id: string) => call('DELETE', `/users/v1/addresses/${id}`, c.token, undefined, c.merchant);
  /** What the database keeps for a customer, whatever the API answers. */
  const rowsOf = (c: Customer) =>
    t.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.merchantId, c.merchant), eq(addresses.userId, c.id)));
  const rowOf = async (id: string) => (await t.database.db.select().from(addresses).where(eq(addresses.id, id)))[0];

  const flat = {
    type: 'APARTMENT',
    name: 'Home',
    streetName: 'Bunyodkor',
    houseNumber: '12',
    details: { office: '45', domophone: '45K', entrance: '2', floor: '5', comment: 'Ring twice' },
    description: 'Bunyodkor shoh ko‘chasi, 12',
    ...HOME,
    cityId: DEMO.tezkor.cities.tashkent,
    comment: 'Leave at the door',
  };

  function expectError(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
  }

  describe('deleting the account', () => {
    it('deletes its saved addresses with it', async () => {
      const me = await login();
      expect((await create(me, flat)).statusCode).toBe(201);
      expect(await rowsOf(me)).toHaveLength(1);
      const res = await call('DELETE', '/users/v1/users', me.token);
      expect(res.statusCode).toBe(204);
      expect(await rowsOf(me)).toHaveLength(0);
    });
  });

  describe('list, save, change and delete', () => {
    it('goes round: saved with every field, listed newest first, replaced, deleted', async () => {
      const me = await login();
      const empty = await list(me);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);

      const createdAt = t.clock.now().toISOString();
      const first = await create(me, flat);
      expect(first.statusCode, first.body).toBe(201);
      const saved = Address.parse(first.json());
      expect(Object.keys(first.json()).sort()).toEqual(Object.keys(Address.shape).sort());
      expect(saved).toEqual({ ...flat, id: saved.id, userId: me.id, createdDate: createdAt, lastModifiedDate: createdAt });

      advance(60);
      const office = await create(me, { name: 'Work', latitude: 41.3111, longitude: 69.2797 });
      expect(office.statusCode).toBe(201);
      // What a field left out becomes.
      expect(office.json()).toMatchObject({
        type: 'HOUSE',
        name: 'Work',
        streetName: '',
        houseNumber: '',
        details: {},
        description: '',
        cityId: null,
        comment: '',
      });
      const listed = await list(me);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((a: Address) => a.id)).toEqual([office.json().id, saved.id]);
      expect(listed.json()[1]).toEqual(saved);

      advance(60);
      const changed = {
        type: 'HOUSE',
        name: 'Parents',
        streetName: 'Qatortol',
        houseNumber: '7A',
        details: { domophone: '7' },
        description: 'Qatortol ko‘chasi, 7A',
        latitude: 41.29,
        longitude: 69.21,
        cityId: null,
        comment: '',
      };
      const put = await replace(me, saved.id, changed);
      expect(put.statusCode, put.body).toBe(200);
      // Every field replaced (the details as a whole), the dates: created stays, modified moves.
      expect(put.json()).toEqual({
        ...changed,
        id: saved.id,
        userId: me.id,
        createdDate: createdAt,
        lastModifiedDate: t.clock.now().toISOString(),
      });
      expect((await rowOf(saved.id))?.updatedAt.toISOString()).toBe(t.clock.now().toISOString());
      expect((await list(me)).json()[1]).toEqual(put.json());

      const del = await remove(me, saved.id);
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');
      expect((await list(me)).json().map((a: Address) => a.id)).toEqual([office.json().id]);
      expect(await rowOf(saved.id)).toBeUndefined();
      expectError(await remove(me, saved.id), 404, 'NOT_FOUND');
      expectError(await replace(me, saved.id, changed), 404, 'NOT_FOUND');
    });

    it('trims the texts it keeps', async () => {
      const me = await login();
      const res = await create(me, { ...HOME, name: '  Home ', houseNumber: ' 3 ', details: { floor: ' 2 ' } });
      expect(res.json()).toMatchObject({ name: 'Home', houseNumber: '3', details: { floor: '2' } });
    });
  });

  describe('the same place', () => {
    it('answers the address kept there, updated, instead of a copy; 0.0002 degrees away is another place', async () => {
      const me = await login();
      const first = await create(me, flat);
      expect(first.statusCode).toBe(201);
      const id = first.json().id as string;

      advance(30);
      // Within 0.000099 degrees both ways, the house number spelt another way: the same door.
      const again = await create(me, {
        ...flat,
        name: 'Home again',
        houseNumber: ' 12 ',
        latitude: HOME.latitude + 0.00009,
        longitude: HOME.longitude - 0.00009,
        details: { ...flat.details, comment: 'Knock' },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ id, name: 'Home again', details: { comment: 'Knock' }, latitude: HOME.latitude + 0.00009 });
      expect(again.json().lastModifiedDate).toBe(t.clock.now().toISOString());
      expect(again.json().createdDate).toBe(first.json().createdDate);
      expect(await rowsOf(me)).toHaveLength(1);

      const away = await create(me, { ...flat, latitude: HOME.latitude + 0.0002 });
      expect(away.statusCode).toBe(201);
      expect(away.json().id).not.toBe(id);
      const awayEast = await create(me, { ...flat, longitude: HOME.longitude + 0.0002 });
      expect(awayEast.statusCode).toBe(201);
      expect(await rowsOf(me)).toHaveLength(3);
      expect((await list(me)).json()).toHaveLength(3);
    });

    it('tells apart another house, flat, entrance or floor at the same point', async () => {
      const me = await login();
      expect((await create(me, flat)).statusCode).toBe(201);
      for (const other of [
        { houseNumber: '12/1' },
        { details: { ...flat.details, office: '46' } },
        { details: { ...flat.details, entrance: '3' } },
        { details: { ...flat.details, floor: '6' } },
      ]) {
        const res = await create(me, { ...flat, ...other });
        expect(res.statusCode, JSON.stringify(other)).toBe(201);
      }
      expect(await rowsOf(me)).toHaveLength(5);
      // The intercom and the comment do not make another door.
      expect((await create(me, { ...flat, details: { ...flat.details, domophone: '99', comment: 'x' } })).statusCode).toBe(200);
      expect(await rowsOf(me)).toHaveLength(5);
    });

    it('keeps one when the same address is sent several times at once', async () => {
      const me = await login();
      const answers = await Promise.all(Array.from({ length: 6 }, () => create(me, flat)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await rowsOf(me)).toHaveLength(1);
    });

    it("never matches another customer's address", async () => {
      const [me, other] = [await login(), await login()];
      expect((await create(other, flat)).statusCode).toBe(201);
      const mine = await create(me, flat);
      expect(mine.statusCode).toBe(201);
      expect(mine.json().userId).toBe(me.id);
      expect(await rowsOf(other)).toHaveLength(1);
    });
  });

  describe("another customer's addresses", () => {
    it('are neither read, changed, deleted nor added to: 404 NOT_FOUND as for a missing one', async () => {
      const [owner, stranger] = [await login(), await login()];
      const saved = (await create(owner, flat)).json() as Address;

      expectError(await list(stranger, owner.id), 404, 'NOT_FOUND');
      expect((await list(stranger)).json()).toEqual([]);
      const put = await replace(stranger, saved.id, { ...flat, name: 'Mine now' });
      expectError(put, 404, 'NOT_FOUND');
      expect(put.body).not.toContain(saved.id);
      expectError(await remove(stranger, saved.id), 404, 'NOT_FOUND');
      expectError(await create(stranger, { ...HOME, name: 'Gift' }, owner.id), 404, 'NOT_FOUND');

      // A missing id answers the same.
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await replace(stranger, missing, flat)).json()).toEqual(put.json());

      expect(await rowOf(saved.id)).toMatchObject({ name: 'Home', userId: owner.id });
      expect((await list(owner)).json()).toEqual([saved]);
      expect(await rowsOf(stranger)).toHaveLength(0);
    });

    it("of another brand are out of reach, with that brand's token refused here", async () => {
      const [there, here] = [await login(NAVBAHOR), await login()];
      const saved = (await create(there, { ...flat, cityId: DEMO.navbahor.cities.tashkent })).json() as Address;
      expect(saved.userId).toBe(there.id);

      expectError(await replace(here, saved.id, flat), 404, 'NOT_FOUND');
      expectError(await remove(here, saved.id), 404, 'NOT_FOUND');
      // Their token at this brand is nobody's.
      expectError(await call('GET', `/users/v1/addresses/merchant/${TEZKOR}/user/${there.id}`, there.token), 401, 'UNAUTHORIZED');
      expect(await rowOf(saved.id)).toMatchObject({ merchantId: NAVBAHOR, name: 'Home' });
    });
  });

  it("answers 404 MERCHANT_NOT_FOUND for another brand's merchant id in the path", async () => {
    const me = await login();
    await create(me, flat);
    for (const merchantId of [NAVBAHOR, DEMO.yopiq.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await list(me, me.id, merchantId);
      expectError(res, 404, 'MERCHANT_NOT_FOUND');
      expect(res.body).not.toContain('Bunyodkor');
    }
    expect((await list(me, me.id, TEZKOR.toUpperCase())).statusCode).toBe(200);
  });

  it('answers 401 with WWW-Authenticate to a guest and to a token that is not one', async () => {
    const me = await login();
    const saved = (await create(me, flat)).json() as Address;
    for (const token of [null, 'not-a-token']) {
      for (const res of [
        await call('GET', `/users/v1/addresses/merchant/${TEZKOR}/user/${me.id}`, token),
        await call('POST', `/users/v1/addresses/user/${me.id}`, token, flat),
        await call('PUT', `/users/v1/addresses/${saved.id}`, token, { ...flat, name: 'Guest' }),
        await call('DELETE', `/users/v1/addresses/${saved.id}`, token),
      ]) {
        expectError(res, 401, 'UNAUTHORIZED');
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
    }
    expect(await rowsOf(me)).toEqual([expect.objectContaining({ id: saved.id, name: 'Home' })]);
  });

  describe('what is refused', () => {
    it('a coordinate off the globe, a missing one, an unknown field, a long text, a bad id: 400 naming the field', async () => {
      const me = await login();
      const cases: [unknown, string][] = [
        [{ ...flat, latitude: 200 }, 'body.latitude'],
        [{ ...flat, latitude: -90.5 }, 'body.latitude'],
        [{ ...flat, longitude: 180.01 }, 'body.longitude'],
        [{ ...flat, latitude: '41.28' }, 'body.latitude'],
        [{ name: 'No point', longitude: HOME.longitude }, 'body.latitude'],
        [{ ...flat, type: 'CASTLE' }, 'body.type'],
        [{ ...flat, userId: me.id }, 'body.userId'],
        [{ ...flat, name: 'x'.repeat(65) }, 'body.name'],
        [{ ...flat, details: { ...flat.details, floor: 'x'.repeat(17) } }, 'body.details.floor'],
        [{ ...flat, cityId: 'tashkent' }, 'body.cityId'],
      ];
      for (const [body, field] of cases) {
        const res = await create(me, body);
        expectError(res, 400, 'VALIDATION_FAILED');
        expect(res.json().details.fields[0].field, JSON.stringify(body)).toBe(field);
      }
      const saved = (await create(me, flat)).json() as Address;
      const put = await replace(me, saved.id, { ...flat, latitude: 200 });
      expectError(put, 400, 'VALIDATION_FAILED');
      expect(put.json().details.fields[0].field).toBe('body.latitude');
      const badId = await replace(me, 'not-an-id', flat);
      expectError(badId, 400, 'VALIDATION_FAILED');
      expect(badId.json().details.fields[0].field).toBe('params.id');
      expect(await rowsOf(me)).toEqual([expect.objectContaining({ id: saved.id, latitude: HOME.latitude })]);
    });

    it('control characters in any text, the details too; line breaks in a comment stay', async () => {
      const me = await login();
      const cases: [unknown, string][] = [
        [{ ...flat, name: 'Home\u0000' }, 'body.name'],
        [{ ...flat, streetName: 'Bunyodkor\u001b[31m' }, 'body.streetName'],
        [{ ...flat, details: { ...flat.details, comment: 'bell\u0007' } }, 'body.details.comment'],
        [{ ...flat, comment: 'a\u007fb' }, 'body.comment'],
      ];
      for (const [body, field] of cases) {
        const res = await create(me, body);
        expectError(res, 400, 'VALIDATION_FAILED');
        expect(res.json().details.fields[0].field, field).toBe(field);
      }
      expect(await rowsOf(me)).toHaveLength(0);
      const saved = (await create(me, { ...flat, comment: 'Gate code 12\nthen left' })).json() as Address;
      expect(saved.comment).toBe('Gate code 12\nthen left');
      const put = await replace(me, saved.id, { ...flat, houseNumber: '12\u0000' });
      expectError(put, 400, 'VALIDATION_FAILED');
      expect(put.json().details.fields[0].field).toBe('body.houseNumber');
      expect((await rowOf(saved.id))?.houseNumber).toBe('12');
    });

    it("a city of another brand, or none at all: 404 CITY_NOT_FOUND; the brand's own cities are taken", async () => {
      const me = await login();
      for (const cityId of [DEMO.navbahor.cities.tashkent, DEMO.yopiq.cities.tashkent, '00000000-0000-4000-8000-000000000000']) {
        expectError(await create(me, { ...flat, cityId }), 404, 'CITY_NOT_FOUND');
      }
      expect(await rowsOf(me)).toHaveLength(0);
      const saved = await create(me, { ...flat, cityId: DEMO.tezkor.cities.samarkand });
      expect(saved.statusCode).toBe(201);
      expect(saved.json().cityId).toBe(DEMO.tezkor.cities.samarkand);
      expectError(await replace(me, saved.json().id, { ...flat, cityId: DEMO.navbahor.cities.tashkent }), 404, 'CITY_NOT_FOUND');
      expect((await rowOf(saved.json().id))?.cityId).toBe(DEMO.tezkor.cities.samarkand);
    });

    it(`more than ${MAX_SAVED_ADDRESSES} addresses: 409 ADDRESS_LIMIT, while the same place is still updated`, async () => {
      expect(MAX_SAVED_ADDRESSES).toBe(50);
      const me = await login();
      // 49 already kept, each its own place.
      await t.database.db.insert(addresses).values(
        Array.from({ length: MAX_SAVED_ADDRESSES - 1 }, (_, i) => ({
          merchantId: me.merchant,
          userId: me.id,
          name: `Place ${i}`,
          latitude: 41.2 + i * 0.001,
          longitude: 69.2,
        })),
      );
      const fiftieth = await create(me, flat);
      expect(fiftieth.statusCode).toBe(201);
      expect(await rowsOf(me)).toHaveLength(MAX_SAVED_ADDRESSES);

      const more = await create(me, { ...flat, latitude: 40 });
      expectError(more, 409, 'ADDRESS_LIMIT');
      expect(more.json().description.uz).toBeTruthy();
      expect(more.json().details).toEqual({ max: MAX_SAVED_ADDRESSES });
      expect(await rowsOf(me)).toHaveLength(MAX_SAVED_ADDRESSES);

      // Saving a kept place again adds nothing, so the limit does not stop it.
      const again = await create(me, { ...flat, name: 'Still home' });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(fiftieth.json().id);

      // Another customer has a limit of their own.
      expect((await create(await login(), flat)).statusCode).toBe(201);

      expect((await remove(me, fiftieth.json().id)).statusCode).toBe(204);
      expect((await create(me, { ...flat, latitude: 40 })).statusCode).toBe(201);
      expectError(await create(me, { ...flat, latitude: 39 }), 409, 'ADDRESS_LIMIT');
    });
  });

  it('documents the calls: tags, security, answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = [
      [doc.paths['/api/users/v1/addresses/merchant/{merchantId}/user/{userId}']?.get, ['200', '401', '404']],
      [doc.paths['/api/users/v1/addresses/user/{userId}']?.post, ['200', '201', '400', '401', '404', '409']],
      [doc.paths['/api/users/v1/addresses/{id}']?.put, ['200', '400', '401', '404']],
      [doc.paths['/api/users/v1/addresses/{id}']?.delete, ['204', '401', '404']],
    ] as const;
    for (const [op, statuses] of ops) {
      expect(op).toBeDefined();
      expect(op.tags).toEqual(['addresses']);
      expect(op.summary).toBeTruthy();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([...statuses]));
    }
  });
});
