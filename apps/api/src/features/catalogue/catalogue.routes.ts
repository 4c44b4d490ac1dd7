import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  Overalls,
  OverallsQuery,
  Product,
  ProductGrade,
  ProductGradesQuery,
  ProductParams,
  ProductQuery,
} from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { merchantOf } from '../../plugins/tenant.ts';
import { encodedBody, type CatalogueService, type ContentEncoding, type MenuDocument } from './catalogue.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Below this a compressed body saves less than its headers cost (the compress plugin's own threshold). */
const COMPRESS_THRESHOLD = 1024;

/** The coding to send, by the client's Accept-Encoding: brotli, then gzip, else none; q=0 refuses one. */
export function pickEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** Each coding of the document is its own representation, so it gets its own strong tag. */
const etagFor = (doc: MenuDocument, encoding: ContentEncoding | null) => (encoding ? `${doc.etag.slice(0, -1)}-${encoding}"` : doc.etag);

/** True when If-None-Match names this document in any coding (or is `*`); weak tags compare weakly, as RFC 9110 says for GET. */
export function matchesEtag(header: string | string[] | undefined, doc: MenuDocument): boolean {
  if (!header) return false;
  const base = doc.etag.slice(1, -1);
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return tags.some((tag) => {
    if (tag === '*') return true;
    const opaque = tag.replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === base || opaque === `${base}-br` || opaque === `${base}-gzip`;
  });
}

async function sendDocument(request: { headers: Record<string, string | string[] | undefined> }, reply: FastifyReply, doc: MenuDocument) {
  const encoding =
    request.headers['x-no-compression'] === undefined && doc.body.length >= COMPRESS_THRESHOLD
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  // private: the tenant may come from a cookie a shared cache cannot see; no-cache: revalidate by tag, a 304 is a few bytes.
  reply
    .header('etag', etagFor(doc, encoding))
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, X-Merchant-Id');
  if (matchesEtag(request.headers['if-none-match'], doc)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(doc.body);
  const body = await encodedBody(doc, encoding);
  return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}

export interface CatalogueRoutesOptions {
  service: CatalogueService;
  /** Whether a product is the signed-in customer's favourite (issue 31), for the product answer asked with their token. */
  favourites?: { isFavourite(customer: { merchantId: string; id: string }, productId: string): Promise<boolean> };
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { service, favourites }) => {
  app.get(
    '/products/v1/overalls',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['catalogue'],
        summary: 'The whole menu of a channel: groups, categories and products with their choices',
        description:
          'Ordered by priority; with `branchId`, products the branch does not sell are marked `isAvailableAtBranch: false` and sorted after the rest of their category. ' +
          'Sends a strong ETag and answers 304 to a matching If-None-Match.',
        querystring: OverallsQuery,
        response: { 200: Overalls, 304: z.null().describe('Not modified'), ...errors },
      },
    },
    async (request, reply) => {
      const doc = await service.overalls(merchantOf(request).id, request.query.type, request.query.branchId ?? null);
      // The document is already JSON: it goes out as bytes, not through the response serializer.
      return sendDocument(request, reply, doc);
    },
  );

  app.get(
    '/products/v1/grade',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['catalogue'],
        summary: "Customers' grades per product of a source's menu: the average to one decimal and how many graded",
        description:
          'Query type (WEB, TELEGRAM, QR, APP; default WEB) as the menu: only the active products that source lists. ' +
          "Computed from the customers' product grades given with their order grades (and older product grades).",
        querystring: ProductGradesQuery,
        response: { 200: z.array(ProductGrade), ...errors },
      },
    },
    async (request) => service.grades(merchantOf(request).id, request.query.type),
  );

  app.get(
    '/products/v1/:id',
    {
      // A guest's answer is everyone's; a customer's token adds their favourite mark (an expired one is a guest's).
      config: { tenant: 'active', auth: 'optional' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its choices, so a product page can be opened directly',
        description: "With the customer's bearer token, `favourite` says whether it is theirs (issue 31); without, false.",
        params: ProductParams,
        querystring: ProductQuery,
        response: { 200: Product, ...errors },
      },
    },
    async (request, reply) => {
      const merchantId = merchantOf(request).id;
      const product = await service.product(merchantId, request.params.id, request.query.branchId ?? null);
      if (!request.user || !favourites) return product;
      // Asked with a customer's token the answer is theirs (the favourite mark): no shared cache may keep it.
      reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
      return { ...product, favourite: await favourites.isFavourite({ merchantId, id: request.user.id }, product.id) };
    },
  );
};
