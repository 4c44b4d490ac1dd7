import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, openThen, scriptedServer, type Script } from '../src/scripted-stream.ts';
import {
  CONNECT_TIMEOUT_MS,
  failuresAfter,
  followEventStream,
  isRefusal,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
  STABLE_STREAM_MS,
} from '../src/follow-stream.ts';

describe('reconnecting a stream', () => {
  it('waits a second, then doubles the wait with each failure in a row up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, 0.5))).toEqual([1000, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, 0.5)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(50, 0.5)).toBe(RECONNECT_MAX_MS);
  });

  it('spreads each wait by ±20 %, never beyond', () => {
    expect(reconnectDelay(3, 0)).toBe(3200);
    expect(reconnectDelay(3, 0.999999)).toBe(4800);
    expect(reconnectDelay(3, 7)).toBe(4800);
    expect(reconnectDelay(3, -1)).toBe(3200);
  });

  it('counts a connection that never opened or dropped at once as a failure, and one that held as the end of the run', () => {
    expect(failuresAfter(0, null)).toBe(1);
    expect(failuresAfter(2, null)).toBe(3);
    expect(failuresAfter(2, 300)).toBe(3);
    expect(failuresAfter(5, STABLE_STREAM_MS)).toBe(0);
    expect(failuresAfter(5, STABLE_STREAM_MS * 20)).toBe(0);
  });

  it('gives up on answers that asking again will not change, not on busy or slow ones', () => {
    expect([400, 401, 403, 404, 410].every(isRefusal)).toBe(true);
    expect([408, 425, 429, 500, 502, 503, 504].some(isRefusal)).toBe(false);
  });
});

/** A scripted server (the client package's test support), each connection counted. */
const server = (...scripts: Script[]) => scriptedServer(scripts, (read) => vi.fn(read));

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('following a stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('hands over every event and resumes after the last id on the next connection, asking for the token each time', async () => {
    const { read, seen } = server(
      openThen([
        { id: '1', event: 'order', data: 'a' },
        { id: null, event: 'message', data: 'no id' },
        { id: '2', event: 'hello', data: '{}' },
      ]),
      openThen([{ id: '3', event: 'order', data: 'b' }], 'hang'),
    );
    const events: string[] = [];
    const opens: boolean[] = [];
    const drops: number[] = [];
    let token = 'one';
    const stream = followEventStream({
      url: '/e',
      token: () => token,
      headers: () => ({ 'x-merchant-id': 'm' }),
      read,
      random: () => 0.5,
      onEvent: (e) => events.push(e.data),
      onOpen: (r) => opens.push(r),
      onDrop: (f) => drops.push(f),
    });
    await flush();
    expect(events).toEqual(['a', 'no id', '{}']);
    expect(seen[0]).toMatchObject({ url: '/e', token: 'one', headers: { 'x-merchant-id': 'm' }, lastEventId: null });
    // The server closed it after a moment: a failure, the next try after a second, from id 2.
    expect(drops).toEqual([1]);
    token = 'two';
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    expect(seen[1]).toMatchObject({ token: 'two', lastEventId: '2' });
    expect(opens).toEqual([false, true]);
    expect(events.at(-1)).toBe('b');
    stream.stop();
  });

  it('keeps the last id where it is told to, so another follower resumes from it', async () => {
    const ids = new Map<string, string>([['order', '40']]);
    const store = { get: () => ids.get('order') ?? null, set: (id: string) => ids.set('order', id) };
    const { read, seen } = server(openThen([{ id: '41', event: 'order', data: 'x' }], 'hang'), openThen([], 'hang'));
    const first = followEventStream({ url: '/e', lastEventId: store, read, onEvent: () => {} });
    await flush();
    expect(seen[0]?.lastEventId).toBe('40');
    first.stop();
    const second = followEventStream({ url: '/e', lastEventId: store, read, onEvent: () => {} });
    await flush();
    expect(seen[1]?.lastEventId).toBe('41');
    second.stop();
  });

  it('waits longer after each failure in a row, and starts again from none once a connection has held', async () => {
    const { read } = server(fail(), fail(503), fail(), openThen([], 'hang'), fail());
    const drops: number[] = [];
    let stable = 0;
    const stream = followEventStream({
      url: '/e',
      read,
      random: () => 0.5,
      onEvent: () => {},
      onDrop: (f) => drops.push(f),
      onStable: () => (stable += 1),
    });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(read).toHaveBeenCalledTimes(4);
    expect(drops).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(STABLE_STREAM_MS);
    expect(stable).toBe(1);
    stream.stop();
  });

  it("gives up on a refusal, and tells why; which statuses refuse is the caller's", async () => {
    const { read } = server(fail(404));
    const refused: number[] = [];
    followEventStream({ url: '/e', read, onEvent: () => {}, onRefused: (s) => refused.push(s) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(refused).toEqual([404]);

    const only401 = server(fail(404), fail(401));
    const told: number[] = [];
    followEventStream({
      url: '/e',
      read: only401.read,
      random: () => 0.5,
      isRefusal: (s) => s === 401,
      onEvent: () => {},
      onRefused: (s) => told.push(s),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(only401.read).toHaveBeenCalledTimes(2);
    expect(told).toEqual([401]);
  });

  it('abandons a connection the server does not answer, and tries again', async () => {
    const { read } = server();
    const stream = followEventStream({ url: '/e', read, random: () => 0.5, onEvent: () => {} });
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(read).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('cuts a wait short when woken, and ends for good when stopped', async () => {
    const { read } = server(fail(), fail());
    const stream = followEventStream({ url: '/e', read, random: () => 0.5, onEvent: () => {} });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    stream.wake();
    await flush();
    expect(read).toHaveBeenCalledTimes(2);
    stream.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('aborts the open connection when stopped', async () => {
    const { read, seen } = server(openThen([], 'hang'));
    const stream = followEventStream({ url: '/e', read, onEvent: () => {} });
    await flush();
    const signal = seen[0]?.signal as AbortSignal;
    expect(signal.aborted).toBe(false);
    stream.stop();
    expect(signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
