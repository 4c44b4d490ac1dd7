import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

/** Only these are cached by browsers and proxies; an answer to POST and the rest is never reused. */
const CACHEABLE_METHODS = new Set(['GET', 'HEAD']);

/** Whether an If-None-Match header names this tag, strong or weak. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === etag || header === `W/${etag}` || `W/${header}` === etag;
}

/**
 * ETags for answers to GET and HEAD that do not set their own (the menu, pages and pictures do): a
 * hash of the bytes sent, and 304 to a matching If-None-Match. Answers to other methods get none:
 * no cache can reuse them, and hashing them (a quote, say) is work on every request for nothing.
 */
export const etagPlugin = fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!CACHEABLE_METHODS.has(request.method)) return done(null, payload);
      let etag = reply.getHeader('etag');
      if (!etag) {
        if (!(typeof payload === 'string' || payload instanceof Buffer)) return done(null, payload);
        etag = `"${createHash('sha1').update(payload).digest('base64')}"`;
        reply.header('etag', etag);
      }
      if (typeof etag === 'string' && matches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return done(null, '');
      }
      done(null, payload);
    });
  },
  { name: 'dasturxon-etag' },
);
