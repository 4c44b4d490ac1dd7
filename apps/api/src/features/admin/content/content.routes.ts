import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, type LocalizedText } from '@dasturxon/domain';
import {
  AdminBanner,
  AdminBannerList,
  AdminIdParams,
  AdminStory,
  AdminStoryList,
  BannerInput,
  BannerUpdate,
  StoryInput,
  StoryUpdate,
  VersionQuery,
} from '@dasturxon/domain/contracts';
import { banners, products, stories, type Db, type StorySlide } from '@dasturxon/db';
import {
  actorOf,
  adminErrors,
  adminOf,
  adminSecurity,
  audit,
  deleteVersioned,
  lastPlace,
  one,
  orderRoute,
  NoContent,
  updateVersioned,
} from '../admin-kernel.ts';
import { checkPictures, type NamedPicture } from './pictures.ts';

type BannerRow = typeof banners.$inferSelect;
type StoryRow = typeof stories.$inferSelect;

const tags = ['admin: content'];
const config = adminOf('content');

/** A text in the three languages as kept: the languages written, trimmed; the empty ones left out. */
function written(text: LocalizedText | undefined): LocalizedText {
  const out: LocalizedText = {};
  for (const lang of ['ru', 'uz', 'eng'] as const) {
    const value = text?.[lang]?.trim();
    if (value) out[lang] = value;
  }
  return out;
}

const bannerView = (b: BannerRow): AdminBanner => ({
  id: b.id,
  version: b.version,
  title: b.title as Record<string, string>,
  image: b.image,
  link: b.link,
  productId: b.productId,
  priority: b.priority,
  active: b.active,
});

const storyView = (s: StoryRow): AdminStory => ({
  id: s.id,
  version: s.version,
  title: s.title as Record<string, string>,
  preview: s.preview,
  slides: s.slides.map((slide) => ({
    image: slide.image,
    ...(slide.text ? { text: slide.text as Record<string, string> } : {}),
    ...(slide.link ? { link: slide.link } : {}),
  })),
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
  priority: s.priority,
  active: s.active,
});

/** A banner's columns from what a form sends; its product must be the brand's (400 on body.productId). */
async function bannerValues(tx: Db, merchantId: string, input: z.output<typeof BannerInput>, before?: BannerRow) {
  await checkPictures(tx, merchantId, [{ field: 'body.image', key: input.image }], before ? [before.image] : []);
  if (input.productId) {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.id, input.productId)))
      .limit(1);
    if (!product) {
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.productId', message: 'No such product of this brand' }] });
    }
  }
  return {
    title: written(input.title),
    image: input.image,
    link: input.link,
    productId: input.productId,
    active: input.active,
    ...(input.priority === undefined ? {} : { priority: input.priority }),
  };
}

/** A story's columns from what a form sends: its pictures the brand's, each slide's empty text and link left out. */
async function storyValues(tx: Db, merchantId: string, input: z.output<typeof StoryInput>, before?: StoryRow) {
  const pictures: NamedPicture[] = [
    { field: 'body.preview', key: input.preview },
    ...input.slides.map((s, i) => ({ field: `body.slides.${i}.image`, key: s.image })),
  ];
  await checkPictures(tx, merchantId, pictures, before ? [before.preview, ...before.slides.map((s) => s.image)] : []);
  const slides: StorySlide[] = input.slides.map((s) => {
    const text = written(s.text);
    return { image: s.image, ...(Object.keys(text).length ? { text } : {}), ...(s.link ? { link: s.link } : {}) };
  });
  return {
    title: written(input.title),
    preview: input.preview,
    slides,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    active: input.active,
    ...(input.priority === undefined ? {} : { priority: input.priority }),
  };
}

/**
 * The back office's banners and stories (issue 28), under `/api/admin/v1`: the brand's lists, switched-off ones too,
 * in their order. Every write is the brand's, versioned and audited (admin-kernel.ts); the storefront hears it through
 * the catalogue trigger of migration 0014.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = <E extends object>(summary: string, extra: E) => ({ tags, security: adminSecurity, summary, ...extra });

  // Banners.
  app.get(
    '/admin/v1/banners',
    {
      config,
      schema: schema("The brand's banners, switched-off ones too, in their order", { response: { 200: AdminBannerList, ...adminErrors } }),
    },
    async (request) => {
      const rows = await db
        .select()
        .from(banners)
        .where(eq(banners.merchantId, actorOf(request).merchantId))
        .orderBy(asc(banners.priority), asc(banners.id));
      return { content: rows.map(bannerView) };
    },
  );
  app.post(
    '/admin/v1/banners',
    {
      config,
      schema: schema('Create a banner', {
        description: 'Its picture is a key `POST /api/admin/v1/media` answered for this brand (400 naming `body.image` otherwise).',
        body: BannerInput,
        response: { 201: AdminBanner, ...adminErrors },
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        const values = await bannerValues(tx, actor.merchantId, request.body);
        const priority = values.priority ?? (await lastPlace(tx, banners, eq(banners.merchantId, actor.merchantId)));
        const [created] = await tx
          .insert(banners)
          .values({ ...values, priority, merchantId: actor.merchantId })
          .returning();
        await audit(tx, actor, { objectType: 'banner', objectId: created!.id, action: 'create', after: bannerView(created!) });
        return created!;
      });
      return reply.code(201).send(bannerView(row));
    },
  );
  orderRoute(app, db, '/admin/v1/banners/order', {
    table: banners,
    objectType: 'banner',
    config,
    schema: schema('Set the order of the banners', {}),
  });
  app.put(
    '/admin/v1/banners/:id',
    {
      config,
      schema: schema('Change a banner', { params: AdminIdParams, body: BannerUpdate, response: { 200: AdminBanner, ...adminErrors } }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...input } = request.body;
      return db.transaction(async (tx) => {
        const before = await one(tx, banners, actor.merchantId, request.params.id);
        const values = await bannerValues(tx, actor.merchantId, input, before);
        const after = await updateVersioned(tx, banners, actor.merchantId, before.id, version, values);
        await audit(tx, actor, {
          objectType: 'banner',
          objectId: after.id,
          action: 'update',
          before: bannerView(before),
          after: bannerView(after),
        });
        return bannerView(after);
      });
    },
  );
  app.delete(
    '/admin/v1/banners/:id',
    {
      config,
      schema: schema('Delete a banner', { params: AdminIdParams, querystring: VersionQuery, response: { 204: NoContent, ...adminErrors } }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const gone = await deleteVersioned(tx, banners, actor.merchantId, request.params.id, request.query.version);
        await audit(tx, actor, { objectType: 'banner', objectId: gone.id, action: 'delete', before: bannerView(gone) });
      });
      return reply.code(204).send(null);
    },
  );

  // Stories.
  app.get(
    '/admin/v1/stories',
    {
      config,
      schema: schema("The brand's stories, switched-off and ended ones too, in their order", {
        response: { 200: AdminStoryList, ...adminErrors },
      }),
    },
    async (request) => {
      const rows = await db
        .select()
        .from(stories)
        .where(eq(stories.merchantId, actorOf(request).merchantId))
        .orderBy(asc(stories.priority), asc(stories.startsAt), asc(stories.id));
      return { content: rows.map(storyView) };
    },
  );
  app.post(
    '/admin/v1/stories',
    {
      config,
      schema: schema('Create a story', {
        description:
          'Shown while startsAt <= now < endsAt. Its preview and each slide’s picture are keys `POST /api/admin/v1/media` answered for this brand.',
        body: StoryInput,
        response: { 201: AdminStory, ...adminErrors },
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        const values = await storyValues(tx, actor.merchantId, request.body);
        const priority = values.priority ?? (await lastPlace(tx, stories, eq(stories.merchantId, actor.merchantId)));
        const [created] = await tx
          .insert(stories)
          .values({ ...values, priority, merchantId: actor.merchantId })
          .returning();
        await audit(tx, actor, { objectType: 'story', objectId: created!.id, action: 'create', after: storyView(created!) });
        return created!;
      });
      return reply.code(201).send(storyView(row));
    },
  );
  orderRoute(app, db, '/admin/v1/stories/order', {
    table: stories,
    objectType: 'story',
    config,
    schema: schema('Set the order of the stories', {}),
  });
  app.put(
    '/admin/v1/stories/:id',
    {
      config,
      schema: schema('Change a story', { params: AdminIdParams, body: StoryUpdate, response: { 200: AdminStory, ...adminErrors } }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...input } = request.body;
      return db.transaction(async (tx) => {
        const before = await one(tx, stories, actor.merchantId, request.params.id);
        const values = await storyValues(tx, actor.merchantId, input, before);
        const after = await updateVersioned(tx, stories, actor.merchantId, before.id, version, values);
        await audit(tx, actor, {
          objectType: 'story',
          objectId: after.id,
          action: 'update',
          before: storyView(before),
          after: storyView(after),
        });
        return storyView(after);
      });
    },
  );
  app.delete(
    '/admin/v1/stories/:id',
    {
      config,
      schema: schema('Delete a story', { params: AdminIdParams, querystring: VersionQuery, response: { 204: NoContent, ...adminErrors } }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const gone = await deleteVersioned(tx, stories, actor.merchantId, request.params.id, request.query.version);
        await audit(tx, actor, { objectType: 'story', objectId: gone.id, action: 'delete', before: storyView(gone) });
      });
      return reply.code(204).send(null);
    },
  );
};
