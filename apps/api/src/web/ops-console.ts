import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@dasturxon/domain';

/*
 * The staff console (apps/ops), built by `vite build` into its own dist and served under /ops on every brand's host;
 * the console finds the brand the same way the API does, from the host it is called on. Its files are plain static
 * files (no per-brand page as the storefront's): hashed assets cached for a year, the page revalidated every time.
 * Any other path under /ops is a client route of the console and answers its page.
 */

/** Paths that name a file: a miss answers 404, never the page (a stale hashed asset must not come back as HTML). */
const ASSET_LIKE = /\.[a-z0-9]{1,8}$/i;
const YEAR_SECONDS = 31_536_000;

export async function registerOpsConsole(app: FastifyInstance, options: { dist: string }): Promise<void> {
  const dist = resolve(options.dist);
  const indexPath = join(dist, 'index.html');
  let page: string | null = null;

  /**
   * The built page this process serves: the first one found, then kept, as the storefront's is. A later build in
   * the same folder is served by the next process; the hashed files of both stay (docs/decisions/012).
   */
  async function indexHtml(): Promise<string | null> {
    if (page !== null) return page;
    try {
      page ??= await readFile(indexPath, 'utf8');
      return page;
    } catch {
      return null;
    }
  }
  await indexHtml();

  async function sendPage(_request: FastifyRequest, reply: FastifyReply) {
    const html = await indexHtml();
    if (html === null) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The staff console is not built yet: run `npm run build`.');
    }
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  // In a scope of its own under /ops: its not-found handler (a client route answers the page) serves /ops alone,
  // and its static files plugin decorates nothing the storefront's already has.
  await app.register(
    async (scope) => {
      // Registered even before the first build (files are looked up per request): the first build made while the
      // server runs is served without a restart; until then every path answers the 503 below.
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        index: false,
        wildcard: true,
        decorateReply: false,
        suppressWarning: true,
        // The build writes `.br` and `.gz` beside each file (apps/ops/vite.config.ts): sent as they are.
        preCompressed: true,
        setHeaders(reply, path) {
          if (path.includes('/assets/')) reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
          else reply.header('cache-control', 'no-cache');
        },
      });

      scope.get('/', { schema: { hide: true } }, sendPage);

      scope.setNotFoundHandler(async (request, reply) => {
        const path = request.url.split('?')[0] ?? '/ops';
        if ((request.method !== 'GET' && request.method !== 'HEAD') || (ASSET_LIKE.test(path) && (await indexHtml()) !== null)) {
          return reply.status(404).send(errorBody('NOT_FOUND', { path }));
        }
        return sendPage(request, reply);
      });
    },
    { prefix: '/ops' },
  );
}
