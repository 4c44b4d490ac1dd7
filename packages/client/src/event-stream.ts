/*
 * Server-sent events, read with fetch so a bearer token can go in a header (EventSource cannot send one) and a
 * reconnect can send the last id it saw as `Last-Event-ID`. Used by the storefront's order page, the staff console
 * and the API's tests; the server writes the same format (`id:`, `event:`, `data:` lines, a blank line between events).
 * One connection here; `followEventStream` (follow-stream.ts) keeps one open, reconnecting.
 */

export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/** Splits a stream's text into whole events; what is left (an event still arriving) is returned as `rest`. */
export function parseEventStream(text: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const normalized = text.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length || id !== null) events.push({ id, event, data: data.join('\n') });
  }
  return { events, rest };
}

export interface ReadEventsOptions {
  url: string;
  token?: string | null;
  headers?: Record<string, string>;
  /** Resume after this event (sent as Last-Event-ID). */
  lastEventId?: string | null;
  signal?: AbortSignal;
  /** The network; the platform's `fetch` unless given (tests). */
  fetch?: typeof fetch;
  onEvent: (event: StreamEvent) => void;
  /** Called once the server has answered 200 and the stream is open. */
  onOpen?: () => void;
}

/**
 * Reads one connection of an event stream until it ends or `signal` aborts; answers the last event id seen, so
 * the caller reconnects from there. Throws on an answer other than 200 (with `status` on the error).
 */
export async function readEvents(options: ReadEventsOptions): Promise<string | null> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const call = options.fetch ?? fetch;
  // Built apart: Node's RequestInit (the API's tests) knows no `cache`, which the browsers' has and honour.
  const init = { headers, ...(options.signal ? { signal: options.signal } : {}), cache: 'no-store' as const };
  const response = await call(options.url, init);
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw Object.assign(new Error(`event stream answered ${response.status}`), { status: response.status });
  }
  options.onOpen?.();
  let last = options.lastEventId ?? null;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const { events, rest } = parseEventStream(buffer);
      buffer = rest;
      for (const event of events) {
        if (event.id !== null) last = event.id;
        options.onEvent(event);
      }
    }
  } catch (error) {
    if (options.signal?.aborted) return last;
    throw error;
  }
  return last;
}
