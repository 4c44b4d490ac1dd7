import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners, companyPolicies, stories } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminBanner, AdminBannerList, AdminPolicyList, AdminStory, AdminStoryList, UploadedPicture } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const HOUR = 3_600_000;

type Caller = ReturnType<typeof staffCaller>;
type Fields = { code: string; details: { fields: { field: string }[] } };
const fieldsOf = (body: unknown) => (body as Fields).details.fields.map((f) => f.field);

describe.each(BACKENDS)('the back office content on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let owner: Caller;
  let manager: Caller;
  let ownerToken: string;
  const others: Record<string, Caller> = {};
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-content-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
    ownerToken = await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword);
    owner = staffCaller(t, ownerToken, T.id);
    manager = staffCaller(t, await signInStaff(t, T.staffPhones.manager, T.id, T.staffPassword), T.id);
    for (const role of ['operator', 'kitchen', 'courier'] as const) {
      others[role] = staffCaller(t, await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword), T.id);
    }
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A picture uploaded through the back office, as the console's ImageField does: its key. */
  const upload = async (colour: string): Promise<string> => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const boundary = `----dx${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/media',
      headers: {
        'x-merchant-id': T.id,
        authorization: `Bearer ${ownerToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return UploadedPicture.parse(res.json()).key;
  };

  /** The storefront's answer, read once the test clock has moved past any short freshness window. */
  const storefront = async (url: string) => {
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-merchant-id': T.id } });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const trailOf = async (objectId: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, objectId)))
    ).sort((a, b) => a.at.getTime() - b.at.getTime());

  it('creates, changes, orders and deletes a banner; the storefront shows each change; stale writes are refused', async () => {
    const image = await upload('#e74c3c');
    const made = await manager('POST', '/admin/v1/banners', {
      title: { ru: 'Скидка 20%', eng: ' 20% off ', uz: '' },
      image,
      link: '/menu',
      productId: T.products.cheeseburger,
    });
    expect(made.statusCode, made.body).toBe(201);
    const banner = AdminBanner.parse(made.json());
    expect(banner).toMatchObject({ version: 1, title: { ru: 'Скидка 20%', eng: '20% off' }, image, active: true });
    expect(banner.title).not.toHaveProperty('uz');
    const list = AdminBannerList.parse((await owner('GET', '/admin/v1/banners')).json()).content;
    expect(list.at(-1)!.id).toBe(banner.id);
    expect(list.map((b) => b.id)).toEqual(expect.arrayContaining(Object.values(T.banners)));

    const shown = (await storefront('/support/v1/banner')).body as { id: string; image: string; link: string }[];
    expect(shown.find((b) => b.id === banner.id)).toMatchObject({ image, link: '/menu', productId: T.products.cheeseburger });

    const changed = await owner('PUT', `/admin/v1/banners/${banner.id}`, {
      version: 1,
      title: { ru: 'Скидка 25%' },
      image,
      link: 'https://tezkor.uz/promo',
      productId: null,
      active: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, link: 'https://tezkor.uz/promo', productId: null });
    const stale = await manager('PUT', `/admin/v1/banners/${banner.id}`, { version: 1, image, active: false });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });
    const afterChange = (await storefront('/support/v1/banner')).body as { id: string; title: { ru: string } }[];
    expect(afterChange.find((b) => b.id === banner.id)).toMatchObject({ title: { ru: 'Скидка 25%' }, link: 'https://tezkor.uz/promo' });

    // The new banner first: the storefront's order follows.
    const ids = [banner.id, ...list.filter((b) => b.id !== banner.id).map((b) => b.id)];
    const ordered = await manager('PUT', '/admin/v1/banners/order', { ids });
    expect(ordered.statusCode, ordered.body).toBe(204);
    const relisted = AdminBannerList.parse((await owner('GET', '/admin/v1/banners')).json()).content;
    expect(relisted.map((b) => b.id)).toEqual(ids);
    expect(relisted[0]).toMatchObject({ priority: 10, version: 3 });
    const front = (await storefront('/support/v1/banner')).body as { id: string }[];
    expect(front[0]!.id).toBe(banner.id);

    // Switched off: the storefront no longer shows it, the back office still does.
    const off = await owner('PUT', `/admin/v1/banners/${banner.id}`, { version: 3, title: {}, image, active: false });
    expect(off.json()).toMatchObject({ version: 4, active: false, title: {} });
    expect(((await storefront('/support/v1/banner')).body as { id: string }[]).map((b) => b.id)).not.toContain(banner.id);

    expect((await owner('DELETE', `/admin/v1/banners/${banner.id}?version=3`)).statusCode).toBe(409);
    expect((await owner('DELETE', `/admin/v1/banners/${banner.id}?version=4`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(banners).where(eq(banners.id, banner.id))).toEqual([]);
    expect((await owner('PUT', `/admin/v1/banners/${banner.id}`, { version: 4, image })).statusCode).toBe(404);

    const trail = await trailOf(banner.id);
    expect(trail.map((e) => [e.action, e.actorRole])).toEqual([
      ['create', 'manager'],
      ['update', 'owner'],
      ['update', 'manager'],
      ['update', 'owner'],
      ['delete', 'owner'],
    ]);
    expect([trail[1]!.before?.link, trail[1]!.after?.link]).toEqual(['/menu', 'https://tezkor.uz/promo']);
    expect(trail[2]).toMatchObject({ before: { priority: banner.priority }, after: { priority: 10 } });
  });

  it('creates, changes and deletes a story with its slides; the storefront shows it only inside its window', async () => {
    const [preview, slide1, slide2] = [await upload('#2ecc71'), await upload('#3498db'), await upload('#9b59b6')];
    const now = t.clock.now().getTime();
    const window = { startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 72 * HOUR).toISOString() };
    const made = await manager('POST', '/admin/v1/stories', {
      title: { ru: 'Новинки', uz: 'Yangiliklar' },
      preview,
      slides: [
        { image: slide1, text: { ru: 'Бургер дня', eng: '' }, link: '' },
        { image: slide2, link: '/menu' },
      ],
      ...window,
    });
    expect(made.statusCode, made.body).toBe(201);
    const story = AdminStory.parse(made.json());
    expect(story).toMatchObject({
      version: 1,
      preview,
      slides: [
        { image: slide1, text: { ru: 'Бургер дня' } },
        { image: slide2, link: '/menu' },
      ],
      startsAt: window.startsAt,
    });
    expect(story.slides[0]).not.toHaveProperty('link');
    const shown = (await storefront('/notifications/v2/stories')).body as { id: string; slides: unknown[] }[];
    expect(shown.find((s) => s.id === story.id)).toMatchObject({ preview, slides: [{ image: slide1 }, { image: slide2 }] });

    const changed = await owner('PUT', `/admin/v1/stories/${story.id}`, {
      version: 1,
      title: { ru: 'Новинки недели' },
      preview,
      slides: [{ image: slide2 }],
      ...window,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, slides: [{ image: slide2 }] });
    const stale = await manager('PUT', `/admin/v1/stories/${story.id}`, {
      version: 1,
      title: { ru: 'x' },
      preview,
      slides: [{ image: slide1 }],
      ...window,
    });
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });
    expect(
      ((await storefront('/notifications/v2/stories')).body as { id: string; title: unknown }[]).find((s) => s.id === story.id),
    ).toMatchObject({
      title: { ru: 'Новинки недели' },
      slides: [{ image: slide2 }],
    });

    // Its window moved to the past: the storefront no longer shows it; the back office lists it still.
    const ended = await owner('PUT', `/admin/v1/stories/${story.id}`, {
      version: 2,
      title: { ru: 'Новинки недели' },
      preview,
      slides: [{ image: slide2 }],
      startsAt: new Date(now - 48 * HOUR).toISOString(),
      endsAt: new Date(now - 24 * HOUR).toISOString(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(((await storefront('/notifications/v2/stories')).body as { id: string }[]).map((s) => s.id)).not.toContain(story.id);
    const listed = AdminStoryList.parse((await owner('GET', '/admin/v1/stories')).json()).content;
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([story.id, T.stories.ended]));

    const ids = [story.id, ...listed.filter((s) => s.id !== story.id).map((s) => s.id)];
    expect((await owner('PUT', '/admin/v1/stories/order', { ids })).statusCode).toBe(204);
    expect(AdminStoryList.parse((await owner('GET', '/admin/v1/stories')).json()).content[0]!.id).toBe(story.id);

    expect((await manager('DELETE', `/admin/v1/stories/${story.id}?version=4`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(stories).where(eq(stories.id, story.id))).toEqual([]);
    expect((await trailOf(story.id)).map((e) => e.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
  });

  it('writes the policy pages in three languages, versioned; the storefront’s page shows the new text', async () => {
    const listed = AdminPolicyList.parse((await manager('GET', '/admin/v1/policies')).json()).content;
    expect(listed.map((p) => p.kind)).toEqual(['TERMS', 'ABOUT_COMPANY', 'PRIVACY_POLICY']);
    const terms = listed.find((p) => p.kind === 'TERMS')!;
    expect(terms).toMatchObject({ exists: true, version: 1 });

    const text = { ru: 'Публичная оферта.\n\nПункт 1.', uz: 'Ommaviy oferta.', eng: '' };
    const written = await manager('PUT', '/admin/v1/policies/TERMS', { version: terms.version, text });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ kind: 'TERMS', version: 2, exists: true, missing: ['eng'], text: { ru: text.ru, uz: text.uz } });
    const stale = await owner('PUT', '/admin/v1/policies/TERMS', { version: 1, text: { ru: 'x' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });
    const page = await storefront('/support/v1/company/policies?policies=TERMS');
    expect(page).toEqual({ status: 200, body: { type: 'TERMS', text: { ru: text.ru, uz: text.uz } } });

    // Removed, the page is gone from the storefront; written again from version 0, it is back.
    expect((await owner('DELETE', '/admin/v1/policies/PRIVACY_POLICY?version=7')).statusCode).toBe(409);
    const privacy = listed.find((p) => p.kind === 'PRIVACY_POLICY')!;
    expect((await owner('DELETE', `/admin/v1/policies/PRIVACY_POLICY?version=${privacy.version}`)).statusCode).toBe(204);
    expect((await storefront('/support/v1/company/policies?policies=PRIVACY_POLICY')).status).toBe(404);
    const gone = AdminPolicyList.parse((await owner('GET', '/admin/v1/policies')).json()).content.find((p) => p.kind === 'PRIVACY_POLICY');
    expect(gone).toEqual({ kind: 'PRIVACY_POLICY', version: 0, exists: false, text: {}, missing: ['ru', 'uz', 'eng'] });
    expect((await owner('PUT', '/admin/v1/policies/PRIVACY_POLICY', { version: 1, text: { ru: 'x' } })).statusCode).toBe(404);
    const created = await owner('PUT', '/admin/v1/policies/PRIVACY_POLICY', { version: 0, text: { eng: 'We keep your phone.' } });
    expect(created.json()).toMatchObject({ version: 1, exists: true, missing: ['ru', 'uz'] });
    const twice = await manager('PUT', '/admin/v1/policies/PRIVACY_POLICY', { version: 0, text: { eng: 'Other' } });
    expect(twice.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 1 } });
    expect((await storefront('/support/v1/company/policies?policies=PRIVACY_POLICY')).body).toMatchObject({
      text: { eng: 'We keep your phone.' },
    });

    const trail = await trailOf('TERMS');
    expect(trail.map((e) => [e.objectType, e.action, e.actorRole])).toEqual([['policy', 'update', 'manager']]);
    expect(trail[0]!.before?.text).toEqual(terms.text);
    expect((await trailOf('PRIVACY_POLICY')).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('refuses bad input with the field named, pictures and products not of the brand, another brand’s ids, and roles without content', async () => {
    const image = await upload('#f1c40f');
    const bad = await owner('POST', '/admin/v1/banners', { image: '', link: 'javascript:alert(1)', productId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(expect.arrayContaining(['body.image', 'body.link', 'body.productId']));

    const theirs = `u/${N.id}/0123456789abcdef0123456789abcdef.webp`;
    const neverUploaded = `u/${T.id}/0123456789abcdef0123456789abcdef.webp`;
    for (const key of [theirs, neverUploaded]) {
      const res = await owner('POST', '/admin/v1/banners', { image: key });
      expect(res.json(), key).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.image' }] } });
    }
    // A key the banner already shows stays acceptable (written by other means than this upload); a new one is checked.
    await t.database.db.update(banners).set({ image: neverUploaded }).where(eq(banners.id, T.banners.breakfast));
    const [breakfast] = await t.database.db.select().from(banners).where(eq(banners.id, T.banners.breakfast));
    const kept = await owner('PUT', `/admin/v1/banners/${T.banners.breakfast}`, { version: breakfast!.version, image: neverUploaded });
    expect(kept.statusCode, kept.body).toBe(200);
    const other = neverUploaded.replace('0123', '3210');
    const swapped = await owner('PUT', `/admin/v1/banners/${T.banners.breakfast}`, { version: breakfast!.version + 1, image: other });
    expect(fieldsOf(swapped.json())).toEqual(['body.image']);
    const traversal = await owner('POST', '/admin/v1/banners', { image: 'demo/../../secret.png' });
    expect(fieldsOf(traversal.json())).toEqual(['body.image']);
    const foreignProduct = await owner('POST', '/admin/v1/banners', { image, productId: N.products.plov });
    expect(foreignProduct.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.productId' }] } });
    // A key of the image service's own pictures (the demo's) is accepted as it is.
    const demoKey = await owner('POST', '/admin/v1/banners', { image: 'demo/tezkor/banners/combo-week.svg', active: false });
    expect(demoKey.statusCode, demoKey.body).toBe(201);

    const now = t.clock.now().getTime();
    const backwards = await owner('POST', '/admin/v1/stories', {
      title: {},
      preview: image,
      slides: [],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now - HOUR).toISOString(),
    });
    expect(fieldsOf(backwards.json())).toEqual(expect.arrayContaining(['body.title', 'body.slides', 'body.endsAt']));
    const slideOfTheirs = await owner('POST', '/admin/v1/stories', {
      title: { ru: 'x' },
      preview: image,
      slides: [{ image }, { image: theirs }],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + HOUR).toISOString(),
    });
    expect(fieldsOf(slideOfTheirs.json())).toEqual(['body.slides.1.image']);
    const emptyPolicy = await owner('PUT', '/admin/v1/policies/TERMS', { version: 1, text: { ru: ' ' } });
    expect(fieldsOf(emptyPolicy.json())).toEqual(['body.text']);
    const badKind = await owner('PUT', '/admin/v1/policies/COOKIES', { version: 1, text: { ru: 'x' } });
    expect(fieldsOf(badKind.json())).toEqual(['params.kind']);

    // Another brand's banner and story are not found, and stay as they were.
    const [navStory] = await t.database.db
      .insert(stories)
      .values({ merchantId: N.id, title: { ru: 'Их' }, preview: 'x.webp', startsAt: new Date(now), endsAt: new Date(now + HOUR) })
      .returning();
    for (const [method, url, body] of [
      ['PUT', `/admin/v1/banners/${N.banners.plovDaily}`, { version: 1, image }],
      ['DELETE', `/admin/v1/banners/${N.banners.plovDaily}?version=1`, undefined],
      ['PUT', '/admin/v1/banners/order', { ids: [N.banners.plovDaily] }],
      [
        'PUT',
        `/admin/v1/stories/${navStory!.id}`,
        {
          version: 1,
          title: { ru: 'x' },
          preview: image,
          slides: [{ image }],
          startsAt: new Date(now).toISOString(),
          endsAt: new Date(now + HOUR).toISOString(),
        },
      ],
      ['DELETE', `/admin/v1/stories/${navStory!.id}?version=1`, undefined],
    ] as const) {
      const res = await owner(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const [theirBanner] = await t.database.db.select().from(banners).where(eq(banners.id, N.banners.plovDaily));
    expect(theirBanner).toMatchObject({ version: 1, merchantId: N.id });
    expect(await t.database.db.select().from(stories).where(eq(stories.id, navStory!.id))).toHaveLength(1);
    const ours = AdminBannerList.parse((await owner('GET', '/admin/v1/banners')).json()).content.map((b) => b.id);
    expect(ours).not.toContain(N.banners.plovDaily);
    const [theirTerms] = await t.database.db
      .select()
      .from(companyPolicies)
      .where(and(eq(companyPolicies.merchantId, N.id), eq(companyPolicies.type, 'TERMS')));
    expect(theirTerms?.version ?? 1).toBe(1);

    for (const role of ['operator', 'kitchen', 'courier']) {
      for (const [method, url, body] of [
        ['GET', '/admin/v1/banners', undefined],
        [
          'POST',
          '/admin/v1/stories',
          {
            title: { ru: 'x' },
            preview: image,
            slides: [{ image }],
            startsAt: new Date(now).toISOString(),
            endsAt: new Date(now + HOUR).toISOString(),
          },
        ],
        ['PUT', '/admin/v1/banners/order', { ids: [T.banners.breakfast] }],
        ['PUT', '/admin/v1/policies/TERMS', { version: 1, text: { ru: 'x' } }],
      ] as const) {
        const res = await others[role]!(method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect((await staffCaller(t, null, T.id)('GET', '/admin/v1/policies')).statusCode).toBe(401);
  });
});
