import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, openThen, scriptedServer, type Script } from '@dasturxon/client/scripted-stream';
import { STABLE_STREAM_MS } from '@dasturxon/client';
import type { OrderEvent } from '@dasturxon/domain/contracts';
import { FAILURES_BEFORE_POLL } from './order-live.ts';
import { followOrderStream, forgetOrderStreams } from './order-stream.ts';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const data = (status: string, type = 'order') =>
  JSON.stringify({
    id: 'x',
    type,
    orderId: ORDER_ID,
    number: 1,
    branchId: ORDER_ID,
    status,
    courierStatus: '',
    position: null,
    at: '2026-11-27T10:00:00.000Z',
  });

/** A scripted server (the client package's test support), each connection counted. */
const server = (...scripts: Script[]) => scriptedServer(scripts, (read) => vi.fn(read));

const flush = () => vi.advanceTimersByTimeAsync(0);

// The reconnecting itself (waits, time-outs, wake and stop) is the client package's: packages/client/test/follow-stream.test.ts.
describe('following an order stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetOrderStreams();
  });
  afterEach(() => vi.useRealTimers());

  it('hands over the order events of this order and resumes after the last id on the next connection', async () => {
    const { read, seen } = server(
      openThen([
        { id: '1', event: 'order', data: data('ACCEPTED') },
        { id: '2', event: 'position', data: data('ACCEPTED', 'position') },
        { id: '3', event: 'hello', data: '{}' },
        {
          id: '4',
          event: 'order',
          data: JSON.stringify({ ...JSON.parse(data('COOKING')), orderId: '99999999-9999-4999-8999-999999999999' }),
        },
      ]),
    );
    const events: OrderEvent[] = [];
    const opens: boolean[] = [];
    const stream = followOrderStream({
      orderId: ORDER_ID,
      url: '/e',
      token: () => 'tok',
      read,
      random: () => 0.5,
      onEvent: (e) => events.push(e),
      onOpen: (r) => opens.push(r),
    });
    await flush();
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ['order', 'ACCEPTED'],
      ['position', 'ACCEPTED'],
    ]);
    expect(seen[0]).toMatchObject({ url: '/e', token: 'tok', lastEventId: null });
    // The server closed it after a moment: a failure, the next try after a second, from id 4.
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    expect(seen[1]?.lastEventId).toBe('4');
    expect(opens).toEqual([false]);
    stream.stop();
  });

  it('waits longer after each failure in a row and falls back to asking after three', async () => {
    const { read } = server(fail(), fail(503), fail());
    const fallback: boolean[] = [];
    const stream = followOrderStream({
      orderId: ORDER_ID,
      url: '/e',
      token: () => null,
      read,
      random: () => 0.5,
      onEvent: () => {},
      onFallback: (f) => fallback.push(f),
    });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(3);
    expect(fallback).toEqual([true]);
    expect(FAILURES_BEFORE_POLL).toBe(3);
    stream.stop();
  });

  it('stops asking for the fallback once a connection has held', async () => {
    const { read } = server(fail(), fail(), fail(), openThen([], 'hang'));
    const fallback: boolean[] = [];
    const stream = followOrderStream({
      orderId: ORDER_ID,
      url: '/e',
      token: () => null,
      read,
      random: () => 0.5,
      onEvent: () => {},
      onFallback: (f) => fallback.push(f),
    });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(read).toHaveBeenCalledTimes(4);
    expect(fallback).toEqual([true]);
    await vi.advanceTimersByTimeAsync(STABLE_STREAM_MS);
    expect(fallback).toEqual([true, false]);
    stream.stop();
  });

  it('gives up on a refusal, and tells why', async () => {
    const { read } = server(fail(404));
    const refused: number[] = [];
    const fallback: boolean[] = [];
    followOrderStream({
      orderId: ORDER_ID,
      url: '/e',
      token: () => null,
      read,
      onEvent: () => {},
      onRefused: (s) => refused.push(s),
      onFallback: (f) => fallback.push(f),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(refused).toEqual([404]);
    expect(fallback).toEqual([true]);
  });

  it('reads the order again on a reset (the server could not replay what was missed), and goes on from the reset', async () => {
    const { read, seen } = server(
      openThen([{ id: '7', event: 'order', data: data('ACCEPTED') }]),
      openThen(
        [
          { id: '1108', event: 'reset', data: '{"lastEventId":"1108"}' },
          { id: '1109', event: 'order', data: data('DELIVERED') },
        ],
        'hang',
      ),
    );
    const events: string[] = [];
    let resets = 0;
    const stream = followOrderStream({
      orderId: ORDER_ID,
      url: '/e',
      token: () => 'tok',
      read,
      random: () => 0.5,
      onEvent: (e) => events.push(e.status),
      onReset: () => (resets += 1),
    });
    await flush();
    expect(resets).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen[1]?.lastEventId).toBe('7');
    expect(resets).toBe(1);
    // The reset is no event of the order; what follows it is.
    expect(events).toEqual(['ACCEPTED', 'DELIVERED']);
    stream.stop();
    await flush();
    const again = followOrderStream({ orderId: ORDER_ID, url: '/e', token: () => 'tok', read, random: () => 0.5, onEvent: () => {} });
    await flush();
    expect(seen[2]?.lastEventId).toBe('1109');
    again.stop();
  });
});
