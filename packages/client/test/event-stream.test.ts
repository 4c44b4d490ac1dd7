import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEventStream, readEvents, type StreamEvent } from '../src/event-stream.ts';
import { followEventStream } from '../src/follow-stream.ts';

describe('parseEventStream', () => {
  it('splits whole events and keeps the one still arriving', () => {
    const { events, rest } = parseEventStream('id: 1\nevent: order\ndata: {"a":1}\n\n: a comment\n\nid: 2\ndata: x\ndata: y\n\nid: 3\nda');
    expect(events).toEqual([
      { id: '1', event: 'order', data: '{"a":1}' },
      { id: '2', event: 'message', data: 'x\ny' },
    ]);
    expect(rest).toBe('id: 3\nda');
  });

  it('reads CRLF and CR line ends, a field without a colon, and an id alone', () => {
    expect(parseEventStream('id:7\r\nevent:reset\r\n\r\ndata\r\r').events).toEqual([
      { id: '7', event: 'reset', data: '' },
      { id: null, event: 'message', data: '' },
    ]);
  });
});

/**
 * A fake network for the stream: each call answers the next script's status and chunks (the body stays open after the
 * chunks while `hold`), and every request's headers are kept.
 */
function network(...answers: { status: number; chunks?: string[]; hold?: boolean }[]) {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    const answer = answers.shift() ?? { status: 503 };
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of answer.chunks ?? []) controller.enqueue(encoder.encode(chunk));
        if (!answer.hold) controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: answer.status, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, calls: fetch };
}

describe('readEvents', () => {
  it('sends the token and the last id, reads events split across chunks, and answers the last id seen', async () => {
    const net = network({ status: 200, chunks: ['id: 4\nevent: order\nda', 'ta: {"s":1}\n\nid: 5\n', 'data: two\n\n'] });
    const events: StreamEvent[] = [];
    let opened = 0;
    const last = await readEvents({
      url: '/s',
      token: 'tok',
      headers: { 'x-merchant-id': 'm' },
      lastEventId: '3',
      fetch: net.fetch,
      onOpen: () => (opened += 1),
      onEvent: (e) => events.push(e),
    });
    expect(last).toBe('5');
    expect(opened).toBe(1);
    expect(events.map((e) => e.data)).toEqual(['{"s":1}', 'two']);
    expect(net.requests[0]).toEqual({
      url: '/s',
      headers: { accept: 'text/event-stream', 'x-merchant-id': 'm', authorization: 'Bearer tok', 'last-event-id': '3' },
    });
  });

  it('throws on an answer other than 200, with its status, and never opens', async () => {
    const net = network({ status: 401 });
    let opened = false;
    const error = await readEvents({ url: '/s', fetch: net.fetch, onOpen: () => (opened = true), onEvent: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 401 });
    expect(opened).toBe(false);
    expect(net.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('answers the last id when aborted mid-stream', async () => {
    const net = network({ status: 200, chunks: ['id: 9\ndata: x\n\n'], hold: true });
    const controller = new AbortController();
    const done = readEvents({ url: '/s', fetch: net.fetch, signal: controller.signal, onEvent: () => controller.abort() });
    await expect(done).resolves.toBe('9');
  });
});

describe('followEventStream over the network', () => {
  afterEach(() => vi.useRealTimers());

  it('reconnects after a drop with Last-Event-ID and the bearer token, after a failure, and after a server error', async () => {
    vi.useFakeTimers();
    const net = network(
      { status: 200, chunks: ['id: 10\nevent: order\ndata: a\n\nid: 11\nevent: order\ndata: b\n\n'] },
      { status: 503 },
      { status: 200, chunks: ['id: 12\nevent: order\ndata: c\n\n'], hold: true },
    );
    const seen: string[] = [];
    const stream = followEventStream({
      url: '/api/ops/v1/events',
      token: () => 'staff-token',
      random: () => 0.5,
      read: (o) => readEvents({ ...o, fetch: net.fetch }),
      onEvent: (e) => seen.push(`${e.id}:${e.data}`),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['10:a', '11:b']);
    expect(net.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(net.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(net.requests).toHaveLength(3);
    expect(seen).toEqual(['10:a', '11:b', '12:c']);
    expect(net.requests[0]?.headers).not.toHaveProperty('last-event-id');
    for (const r of net.requests.slice(1)) expect(r.headers).toMatchObject({ authorization: 'Bearer staff-token', 'last-event-id': '11' });
    stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.requests).toHaveLength(3);
  });
});
