import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@dasturxon/domain';
import { registerPeriodic } from '../../periodic.ts';
import type { EventHub } from './event-hub.ts';
import type { Replay } from './events.repository.ts';
import { wireEvent, type LiveEvent } from './live-event.ts';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** A client this far behind (bytes not yet taken by its socket) is dropped; it reconnects with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1 << 20;

export interface StreamOptions {
  hub: EventHub;
  /**
   * The session the stream is held by (a customer's or a staff member's), how many it may hold at once
   * (`STREAMS_PER_SESSION`), and whether it is still live (not logged out, revoked, expired, nor its person
   * deactivated): the stream ends when it is not (`checkStreamSessions`).
   */
  session: { id: string; max: number; live: () => Promise<boolean> };
  merchantId: string;
  /** Which of the brand's events this stream carries. */
  accept: (event: LiveEvent) => boolean;
  /**
   * The events after a Last-Event-ID, oldest first (already narrowed to what `accept` would take or not), or a reset
   * when they cannot all be sent (`EventsRepository.replay`).
   */
  replay: (afterId: number) => Promise<Replay>;
}

interface OpenStream {
  merchantId: string;
  session: StreamOptions['session'];
}

/** Every open stream, so a shutdown can end them (they are never idle, so the server would wait for ever). */
const open = new Map<ServerResponse, OpenStream>();
/** Open streams per session. */
const perSession = new Map<string, number>();

export function endAllStreams(): void {
  for (const response of open.keys()) response.end();
  open.clear();
}

/**
 * Ends the open streams (of one brand, or all) whose session is no longer live: logged out, revoked, expired, the
 * customer's account closed or the staff member deactivated. Each session is asked once however many streams it
 * holds. Answers how many streams were ended. Run when a brand's sessions end (the hub's SESSIONS_CHANNEL, from
 * any instance) and every ORDER_TIMERS_SECONDS for what no one announces (expiry, a change made in the database).
 */
export async function checkStreamSessions(merchantId?: string): Promise<number> {
  const bySession = new Map<string, { session: OpenStream['session']; responses: ServerResponse[] }>();
  for (const [response, stream] of open) {
    if (merchantId !== undefined && stream.merchantId !== merchantId) continue;
    const entry = bySession.get(stream.session.id) ?? { session: stream.session, responses: [] };
    entry.responses.push(response);
    bySession.set(stream.session.id, entry);
  }
  let ended = 0;
  for (const { session, responses } of bySession.values()) {
    if (await session.live()) continue;
    for (const response of responses) {
      // A closing event the browser followers read as "signed out" before the stream ends.
      response.end('event: end\ndata: {"reason":"SESSION_ENDED"}\n\n');
      ended += 1;
    }
  }
  return ended;
}

/**
 * Streams end with their session: at once when a brand's sessions are announced ended (a logout on any instance),
 * and every `seconds` for the rest (0: only when asked, `app.checkStreamSessions`, as the tests do).
 */
export function registerStreamChecks(app: FastifyInstance, hub: EventHub, seconds: number): void {
  const run = registerPeriodic(app, { name: 'stream session checks', seconds, run: () => checkStreamSessions() });
  app.decorate('checkStreamSessions', run);
  hub.onSessionsEnded(
    (merchantId) =>
      void checkStreamSessions(merchantId).catch((error: unknown) => app.log.warn({ err: error }, 'stream session check failed')),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    checkStreamSessions: () => Promise<number>;
  }
}

export function openStreams(): number {
  return open.size;
}

/** `id`, `event` and `data` lines of one event, made once per event however many streams send it. */
const frames = new WeakMap<LiveEvent, string>();
function frameOf(event: LiveEvent): string {
  let frame = frames.get(event);
  if (!frame) {
    frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(wireEvent(event))}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

/** The number a reconnecting client last saw, or null. */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * Takes a request over as a server-sent event stream: the stream's headers (never cached, never buffered by a proxy),
 * the client's reconnect wait, and a comment every HEARTBEAT_MS that keeps idle proxies from closing it. The caller
 * writes the events and stops the heartbeat when the response closes. Every stream of the API opens here.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): { response: ServerResponse; stopHeartbeat: () => void } {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    connection: 'keep-alive',
  });
  response.write('retry: 3000\n\n');
  const heartbeat = setInterval(() => response.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  return { response, stopHeartbeat: () => clearInterval(heartbeat) };
}

/**
 * Answers a request with a server-sent event stream: subscribes first and holds what arrives, sends what the
 * client missed after its Last-Event-ID, then what it held (skipping what the replay already sent), then every new
 * event as it comes. Nothing is missed between the replay and the live part, and nothing is sent twice.
 */
export async function streamEvents(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): Promise<void> {
  const session = options.session.id;
  const held = perSession.get(session) ?? 0;
  if (held >= options.session.max) throw new AppError('RATE_LIMITED', { retryAfterSeconds: 30, streams: held });
  perSession.set(session, held + 1);
  const { response, stopHeartbeat } = openEventStream(request, reply);
  open.set(response, { merchantId: options.merchantId, session: options.session });

  let last = lastEventIdOf(request) ?? 0;
  let live = false;
  const waiting: LiveEvent[] = [];
  const send = (event: LiveEvent) => {
    if (Number(event.id) <= last) return;
    last = Number(event.id);
    response.write(frameOf(event));
    if (response.writableLength > MAX_BUFFERED_BYTES) response.destroy();
  };
  const unsubscribe = options.hub.subscribe(options.merchantId, (event) => {
    if (!options.accept(event)) return;
    if (live) send(event);
    else waiting.push(event);
  });
  const finish = () => {
    stopHeartbeat();
    unsubscribe();
    open.delete(response);
    const left = (perSession.get(session) ?? 1) - 1;
    if (left > 0) perSession.set(session, left);
    else perSession.delete(session);
  };
  response.on('close', finish);

  try {
    if (lastEventIdOf(request) !== null) {
      const replay = await options.replay(last);
      if ('reset' in replay) {
        // Never a silent skip: the client reloads its state (the board, the order), then follows from here.
        last = replay.reset;
        response.write(`id: ${last}\nevent: reset\ndata: {"lastEventId":"${last}"}\n\n`);
      } else for (const event of replay.events) if (options.accept(event)) send(event);
    }
  } catch (error) {
    request.log.warn({ err: error }, 'event replay failed');
    response.end();
    return;
  }
  for (const event of waiting) send(event);
  waiting.length = 0;
  live = true;
}
