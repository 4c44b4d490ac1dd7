import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { auditLog, merchantSecrets } from '@dasturxon/db';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const REVERSE = '/api/notifications/v1/nominatim/reverse';

/** A Nominatim-shaped geocoder that names itself in the road, and keeps what it was asked. */
async function fakeGeocoder(road: string) {
  const asked: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake.local');
    asked.push(url);
    const body = {
      name: '',
      display_name: `${road} 1, Toshkent`,
      lat: url.searchParams.get('lat'),
      lon: url.searchParams.get('lon'),
      address: { road, house_number: '1', city: 'Toshkent' },
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(BACKENDS)("a brand's own geocoder key on %s", (backend) => {
  let t: TestApp;
  let publicServer: Awaited<ReturnType<typeof fakeGeocoder>>;
  let keyedServer: Awaited<ReturnType<typeof fakeGeocoder>>;
  beforeAll(async () => {
    publicServer = await fakeGeocoder('Public road');
    keyedServer = await fakeGeocoder('Keyed road');
    t = await createTestApp(backend, { NOMINATIM_URL: publicServer.url, GEOCODER_KEYED_URL: keyedServer.url });
  });
  afterAll(async () => {
    await t?.close();
    await publicServer?.close();
    await keyedServer?.close();
  });

  const reverse = (merchantId: string, lat: number, lon: number) =>
    t.app.inject({ method: 'GET', url: `${REVERSE}?format=json&lat=${lat}&lon=${lon}`, headers: { 'x-merchant-id': merchantId } });
  const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));

  it('is asked first, with the key and without the public one-a-second wait; the key is kept sealed; brands without one use the public server', async () => {
    const T = DEMO.tezkor;
    const owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const admin = staffCaller(t, await signInStaff(t, T.staffPhones.admin, T.id, T.staffPassword), T.id);
    expect((await owner('GET', '/admin/v1/geocoder-key')).json()).toEqual({ configured: false });
    // The owner's alone, like the payment accounts; a key with a space is refused.
    expect((await admin('PUT', '/admin/v1/geocoder-key', { key: 'brand-secret-key' })).statusCode).toBe(403);
    expect((await owner('PUT', '/admin/v1/geocoder-key', { key: 'brand secret' })).statusCode).toBe(400);
    const set = await owner('PUT', '/admin/v1/geocoder-key', { key: 'brand-secret-key' });
    expect(set.json()).toEqual({ configured: true });
    expect((await owner('GET', '/admin/v1/geocoder-key')).body).not.toContain('brand-secret-key');
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.objectType, 'geocoder-key'));
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('brand-secret-key');
    const [row] = await t.database.db.select().from(merchantSecrets).where(eq(merchantSecrets.merchantId, DEMO.tezkor.id));
    expect(row!.geocoderKey).toBeTruthy();
    expect(row!.geocoderKey).not.toContain('brand-secret-key');

    // Two new points in the same second: both go to the brand's geocoder, none waits for the public server's second.
    const a = await reverse(DEMO.tezkor.id, 41.3001, 69.2001);
    const b = await reverse(DEMO.tezkor.id, 41.3101, 69.2101);
    for (const res of [a, b]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-geocoder']).toBe('brand');
      expect(res.json()).toMatchObject({ address: { road: 'Keyed road' } });
    }
    expect(keyedServer.asked.map((u) => u.searchParams.get('key'))).toEqual(['brand-secret-key', 'brand-secret-key']);
    expect(publicServer.asked).toHaveLength(0);

    // The same point again (within ~11 m: 4 decimals) is answered from the cache.
    const again = await reverse(DEMO.tezkor.id, 41.30012, 69.20008);
    expect(again.headers['x-geocoder']).toBe('cache');
    expect(keyedServer.asked).toHaveLength(2);

    // Another brand, without a key: the public server, never with a key.
    later(1100);
    const other = await reverse(DEMO.navbahor.id, 41.3201, 69.2201);
    expect(other.json()).toMatchObject({ address: { road: 'Public road' } });
    expect(publicServer.asked.at(-1)!.searchParams.get('key')).toBeNull();

    // The key removed: after the key is read again, the brand goes to the public server.
    expect((await owner('PUT', '/admin/v1/geocoder-key', { key: null })).json()).toEqual({ configured: false });
    later(61_000);
    const after = await reverse(DEMO.tezkor.id, 41.3301, 69.2301);
    expect(after.json()).toMatchObject({ address: { road: 'Public road' } });
    expect(keyedServer.asked).toHaveLength(2);
  });
});
