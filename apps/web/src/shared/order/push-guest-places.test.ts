import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, AddressRequest, User } from '@dasturxon/domain';
import { HttpError, setMerchantId, setTransport } from '../../lib/http.ts';
import { endSession, startSession } from '../session/session-store.ts';
import {
  applyOrderAddress,
  chooseServiceType,
  readGuestPlaces,
  readOrderAddress,
  readServiceType,
  writeGuestPlaces,
  type PlacedAddress,
} from './order-choice.ts';
import { afterPush, pushGuestPlaces, pushPlaces } from './push-guest-places.ts';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';

const place = (id: string, latitude: number, extra: Partial<AddressRequest> = {}): PlacedAddress => ({
  id,
  type: 'HOUSE',
  name: '',
  streetName: 'Amir Temur',
  houseNumber: '12',
  details: { entrance: '2' },
  description: 'Tashkent',
  latitude,
  longitude: 69.28,
  cityId: null,
  comment: '',
  ...extra,
});

let saved = 0;
const savedOf = (request: AddressRequest): Address => ({
  ...request,
  id: `00000000-0000-4000-8000-${String(++saved).padStart(12, '0')}`,
  userId: USER,
  createdDate: '2026-01-01T00:00:00.000Z',
  lastModifiedDate: '2026-01-01T00:00:00.000Z',
});
const refusal = (status: number) => new HttpError('http', status, null, `answered ${status}`);

describe('sending a guest’s places', () => {
  it('sends each place once, one after the other, without its local id', async () => {
    const sent: AddressRequest[] = [];
    const outcome = await pushPlaces([place('local-1', 41.3), place('local-2', 41.31)], async (r) => {
      sent.push(r);
      return savedOf(r);
    });
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => !('id' in r))).toBe(true);
    expect([...outcome.saved.keys()]).toEqual(['local-1', 'local-2']);
    expect(outcome.retry.size).toBe(0);
  });

  it('keeps for later a place whose call may pass another time, and drops one refused for good', async () => {
    const outcome = await pushPlaces(
      [place('local-net', 41.3), place('local-5xx', 41.31), place('local-429', 41.32), place('local-409', 41.33)],
      async (r) => {
        if (r.latitude === 41.3) throw new HttpError('network', 0, null, 'offline');
        if (r.latitude === 41.31) throw refusal(503);
        if (r.latitude === 41.32) throw refusal(429);
        throw refusal(409);
      },
    );
    expect(outcome.saved.size).toBe(0);
    expect([...outcome.retry].sort()).toEqual(['local-429', 'local-5xx', 'local-net']);
  });

  it('forgets the places handled, keeps those to retry and any added meanwhile, and gives the order the saved id', async () => {
    const sent = [place('local-1', 41.3), place('local-2', 41.31), place('local-3', 41.32)];
    const kept = savedOf(sent[0]!);
    const outcome = { saved: new Map([['local-1', kept]]), retry: new Set(['local-2']) };
    const added = place('local-4', 41.33);
    const next = afterPush(sent, { places: [...sent, added], order: sent[0]! }, outcome);
    expect(next.places.map((p) => p.id)).toEqual(['local-2', 'local-4']);
    expect(next.order).toMatchObject({ id: kept.id, latitude: 41.3, streetName: 'Amir Temur' });
    expect(next.order).not.toHaveProperty('userId');
    // An order's address that was not among the places sent stays as it is.
    expect(afterPush(sent, { places: sent, order: place('saved-elsewhere', 40) }, outcome).order).toBeNull();
    expect(afterPush(sent, { places: sent, order: null }, outcome).order).toBeNull();
  });
});

describe('pushGuestPlaces on this device', () => {
  const user = { id: USER, firstName: 'Aziz' } as User;
  let data: Map<string, string>;
  let posts: { url: string; body: AddressRequest; auth: string | null }[];

  beforeEach(() => {
    data = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    posts = [];
    setMerchantId(MERCHANT);
    setTransport(async (url, init) => {
      const body = JSON.parse(String(init.body)) as AddressRequest;
      posts.push({ url, body, auth: new Headers(init.headers).get('Authorization') });
      return new Response(JSON.stringify(savedOf(body)), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    startSession({ token: 'token-1', user });
  });

  afterEach(() => {
    endSession('logout');
    setMerchantId(null);
    vi.unstubAllGlobals();
  });

  it('saves every place on the account, forgets them, and keeps the order’s address and service type', async () => {
    const home = place('local-home', 41.3, { name: 'Home' });
    writeGuestPlaces(MERCHANT, [home, place('local-work', 41.35)]);
    applyOrderAddress(MERCHANT, home);
    chooseServiceType(MERCHANT, 'PICK_UP');

    expect(await pushGuestPlaces(MERCHANT, USER)).toBe(true);
    expect(posts.map((p) => p.url)).toEqual([`/api/users/v1/addresses/user/${USER}`, `/api/users/v1/addresses/user/${USER}`]);
    expect(posts.every((p) => p.auth === 'Bearer token-1')).toBe(true);
    expect(readGuestPlaces(MERCHANT)).toEqual([]);
    const order = readOrderAddress(MERCHANT);
    expect(order?.id).toMatch(/^00000000-/);
    expect(order?.name).toBe('Home');
    expect(readServiceType(MERCHANT)).toBe('PICK_UP');
  });

  it('runs once at a time and sends nothing when there is nothing to send', async () => {
    writeGuestPlaces(MERCHANT, [place('local-1', 41.3)]);
    const [a, b] = await Promise.all([pushGuestPlaces(MERCHANT, USER), pushGuestPlaces(MERCHANT, USER)]);
    expect([a, b]).toEqual([true, true]);
    expect(posts).toHaveLength(1);
    expect(await pushGuestPlaces(MERCHANT, USER)).toBe(false);
    expect(posts).toHaveLength(1);
  });

  it('leaves the device alone when the customer logged out meanwhile', async () => {
    writeGuestPlaces(MERCHANT, [place('local-1', 41.3)]);
    setTransport(async (_url, init) => {
      endSession('logout');
      return new Response(JSON.stringify(savedOf(JSON.parse(String(init.body)) as AddressRequest)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    expect(await pushGuestPlaces(MERCHANT, USER)).toBe(false);
    expect(readGuestPlaces(MERCHANT).map((p) => p.id)).toEqual(['local-1']);
  });
});
