import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantSettings, vacancies } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminSettings, AdminVacancy, AdminVacancyList, AuditList, Vacancy, VacancyApplicationList } from '@dasturxon/domain/contracts';
import { BACKENDS, heard, oneInstance, pageDist, signInStaff, staffCaller } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;

/** A multipart/form-data body as the storefront's form sends it: text fields and an optional file `cv`. */
function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const boundary = `----dx${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);

describe.each(BACKENDS)('vacancies (%s)', (backend) => {
  const app = oneInstance(backend, 'dx-vacancies-');
  const get = (url: string, merchantId = T.id) =>
    app.t.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-merchant-id': merchantId, 'accept-language': 'ru' } });
  const apply = (id: string, body: ReturnType<typeof form>, merchantId = T.id) =>
    app.t.app.inject({
      method: 'POST',
      url: `/api/support/v1/vacancy/${id}/apply`,
      headers: { 'x-merchant-id': merchantId, 'accept-language': 'ru', ...body.headers },
      payload: body.payload,
    });
  const setFlag = (merchantId: string, on: boolean) =>
    app.t.database.db
      .update(merchantSettings)
      .set({ vacanciesActive: on })
      .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));

  it('lists the open vacancies of the brand with their branch; a closed one is not shown', async () => {
    const res = await get('/support/v1/vacancy');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<Vacancy[]>().map((v) => Vacancy.parse(v));
    expect(list.map((v) => v.id)).toEqual([T.vacancies.cook, T.vacancies.courier, T.vacancies.cashier]);
    expect(list[0]).toMatchObject({ position: { ru: 'Повар', uz: 'Oshpaz' }, salary: 6_000_000, branchName: { ru: expect.any(String) } });
    expect(list[1]!.branchId).toBeNull();
    expect((await get(`/support/v1/vacancy/${T.vacancies.cook}`)).json()).toMatchObject({ id: T.vacancies.cook });
    expect((await get(`/support/v1/vacancy/${T.vacancies.nightManager}`)).statusCode).toBe(404);
  });

  it('takes an application without a CV, and one with a PDF; the console lists them and downloads the CV', async () => {
    const plain = await apply(T.vacancies.courier, form({ name: 'Алишер', phone: '90 123 45 67', text: 'Есть скутер' }));
    expect(plain.statusCode, plain.body).toBe(201);
    const withCv = await apply(
      T.vacancies.cook,
      form({ name: 'Малика', phone: '+998 93 111 22 33', text: '' }, { bytes: PDF, name: 'резюме.pdf', type: 'application/pdf' }),
    );
    expect(withCv.statusCode, withCv.body).toBe(201);
    const picture = await apply(
      T.vacancies.cook,
      form({ name: 'Bobur', phone: '+998931112234' }, { bytes: PNG, name: 'cv.png', type: 'image/png' }),
    );
    expect(picture.statusCode, picture.body).toBe(201);

    const owner = staffCaller(app.t, await signInStaff(app.t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const list = VacancyApplicationList.parse((await owner('GET', '/admin/v1/vacancies/applications')).json()).content;
    expect(list).toHaveLength(3);
    const malika = list.find((a) => a.name === 'Малика')!;
    expect(malika).toMatchObject({
      phone: '+998931112233',
      vacancyId: T.vacancies.cook,
      cv: { name: 'резюме.pdf', type: 'application/pdf', size: PDF.length },
    });
    expect(list.find((a) => a.name === 'Алишер')).toMatchObject({ phone: '+998901234567', text: 'Есть скутер', cv: null });
    const onlyCook = VacancyApplicationList.parse(
      (await owner('GET', `/admin/v1/vacancies/applications?vacancyId=${T.vacancies.cook}`)).json(),
    );
    expect(onlyCook.content).toHaveLength(2);

    const file = await owner('GET', `/admin/v1/vacancies/applications/${malika.id}/cv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%D1%80%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5.pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const noCv = list.find((a) => a.name === 'Алишер')!;
    expect((await owner('GET', `/admin/v1/vacancies/applications/${noCv.id}/cv`)).statusCode).toBe(404);
    // The kitchen has no back office; a guest neither.
    const kitchen = staffCaller(app.t, await signInStaff(app.t, T.staffPhones.kitchen, T.id, T.staffPassword), T.id);
    expect((await kitchen('GET', '/admin/v1/vacancies/applications')).statusCode).toBe(403);
    expect((await staffCaller(app.t, null, T.id)('GET', `/admin/v1/vacancies/applications/${malika.id}/cv`)).statusCode).toBe(401);
  });

  it('refuses a CV of another type (whatever its name claims), one over 5 MB, a bad phone and a missing name; nothing is kept', async () => {
    const owner = staffCaller(app.t, await signInStaff(app.t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const before = VacancyApplicationList.parse((await owner('GET', '/admin/v1/vacancies/applications')).json()).content.length;
    const exe = await apply(
      T.vacancies.cook,
      form({ name: 'X', phone: '+998931112233' }, { bytes: Buffer.from('MZ\x90\x00 not a pdf'), name: 'cv.pdf', type: 'application/pdf' }),
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'VACANCY_CV_INVALID', message: expect.stringContaining('PDF') });
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 2 ** 20 + 10, 0x20)]);
    const tooBig = await apply(
      T.vacancies.cook,
      form({ name: 'X', phone: '+998931112233' }, { bytes: big, name: 'cv.pdf', type: 'application/pdf' }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'VACANCY_CV_TOO_LARGE' });
    expect((await apply(T.vacancies.cook, form({ name: 'X', phone: '12' }))).json()).toMatchObject({ code: 'PHONE_INVALID' });
    expect((await apply(T.vacancies.cook, form({ name: ' ', phone: '+998931112233' }))).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    // A closed vacancy takes no application.
    expect((await apply(T.vacancies.nightManager, form({ name: 'X', phone: '+998931112233' }))).statusCode).toBe(404);
    const after = VacancyApplicationList.parse((await owner('GET', '/admin/v1/vacancies/applications')).json()).content.length;
    expect(after).toBe(before);
  });

  it('keeps brands apart: neither brand sees, takes applications to or reads the applications of the other’s vacancies', async () => {
    await setFlag(N.id, true);
    // Navbahor gets a vacancy and an application of its own, through its own storefront.
    const [nv] = await app.t.database.db
      .insert(vacancies)
      .values({ merchantId: N.id, position: { ru: 'Пекарь' }, branchId: N.branches.mirobod })
      .returning();
    expect((await get('/support/v1/vacancy', N.id)).json()).toMatchObject([{ id: nv!.id, position: { ru: 'Пекарь' } }]);
    const nApplied = await apply(
      nv!.id,
      form({ name: 'Навбахор', phone: '+998931112299' }, { bytes: PDF, name: 'n.pdf', type: 'application/pdf' }),
      N.id,
    );
    expect(nApplied.statusCode, nApplied.body).toBe(201);
    const nId = nApplied.json<{ id: string }>().id;
    // Across brands: 404 both ways.
    expect((await get(`/support/v1/vacancy/${T.vacancies.cook}`, N.id)).statusCode).toBe(404);
    expect((await get(`/support/v1/vacancy/${nv!.id}`)).statusCode).toBe(404);
    expect((await apply(T.vacancies.cook, form({ name: 'X', phone: '+998931112233' }), N.id)).statusCode).toBe(404);
    expect((await apply(nv!.id, form({ name: 'X', phone: '+998931112233' }))).statusCode).toBe(404);
    // Tezkor's owner reads Tezkor's applications only, and cannot reach Navbahor's CV or vacancy.
    const token = await signInStaff(app.t, T.staffPhones.owner, T.id, T.staffPassword);
    const owner = staffCaller(app.t, token, T.id);
    const mine = VacancyApplicationList.parse((await owner('GET', '/admin/v1/vacancies/applications')).json()).content;
    expect(mine.some((a) => a.id === nId)).toBe(false);
    expect(AdminVacancyList.parse((await owner('GET', '/admin/v1/vacancies')).json()).content.some((v) => v.id === nv!.id)).toBe(false);
    expect((await owner('GET', `/admin/v1/vacancies/applications/${nId}/cv`)).statusCode).toBe(404);
    expect((await owner('PUT', `/admin/v1/vacancies/${nv!.id}`, { version: 1, position: { ru: 'x' } })).statusCode).toBe(404);
    expect((await owner('DELETE', `/admin/v1/vacancies/${nv!.id}?version=1`)).statusCode).toBe(404);
    // Tezkor's session on Navbahor's host is no staff of Navbahor.
    expect((await staffCaller(app.t, token, N.id)('GET', '/admin/v1/vacancies/applications')).statusCode).not.toBe(200);
    await setFlag(N.id, false);
  });

  it('creates, changes (versioned) and deletes a vacancy, audited; the storefront follows', async () => {
    const owner = staffCaller(app.t, await signInStaff(app.t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const created = await owner('POST', '/admin/v1/vacancies', {
      position: { ru: 'Бариста', uz: 'Barista' },
      responsible: 'Нодира',
      salary: 4_500_000,
      requirements: { ru: 'Любовь к кофе' },
      branchId: T.branches.chilonzor,
    });
    expect(created.statusCode, created.body).toBe(201);
    const v = AdminVacancy.parse(created.json());
    expect(v).toMatchObject({ version: 1, active: true, applications: 0, priority: 50 });
    expect((await get(`/support/v1/vacancy/${v.id}`)).json()).toMatchObject({ position: { ru: 'Бариста' } });

    const changed = await owner('PUT', `/admin/v1/vacancies/${v.id}`, {
      version: 1,
      position: { ru: 'Старший бариста' },
      salary: null,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, salary: null, active: false, branchId: null });
    expect((await get(`/support/v1/vacancy/${v.id}`)).statusCode).toBe(404);
    const stale = await owner('PUT', `/admin/v1/vacancies/${v.id}`, { version: 1, position: { ru: 'x' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    // Another brand's branch is refused as bad input; an empty position too.
    const foreignBranch = await owner('PUT', `/admin/v1/vacancies/${v.id}`, {
      version: 2,
      position: { ru: 'x' },
      branchId: N.branches.mirobod,
    });
    expect(foreignBranch.statusCode).toBe(400);
    expect((await owner('POST', '/admin/v1/vacancies', { position: { ru: '' } })).statusCode).toBe(400);

    expect((await owner('DELETE', `/admin/v1/vacancies/${v.id}?version=1`)).statusCode).toBe(409);
    expect((await owner('DELETE', `/admin/v1/vacancies/${v.id}?version=2`)).statusCode).toBe(204);
    expect((await owner('DELETE', `/admin/v1/vacancies/${v.id}?version=3`)).statusCode).toBe(404);
    const log = AuditList.parse((await owner('GET', `/admin/v1/audit?objectType=vacancy`)).json());
    expect(log.content.filter((e) => e.objectId === v.id).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('vacanciesActive off: every storefront call answers 403 FEATURE_OFF; on again: they answer', async () => {
    await setFlag(T.id, false);
    for (const res of [
      await get('/support/v1/vacancy'),
      await get(`/support/v1/vacancy/${T.vacancies.cook}`),
      await apply(T.vacancies.cook, form({ name: 'X', phone: '+998931112233' })),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_OFF' });
    }
    await setFlag(T.id, true);
    expect((await get('/support/v1/vacancy')).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('the per-brand Content Security Policy (%s)', (backend) => {
  const app = oneInstance(backend, 'dx-csp-', { env: () => pageDist('dx-csp-dist-') });
  const host = `${T.sub}.localhost:3000`;
  const cspOf = async (url = '/') => {
    const res = await app.t.app.inject({ method: 'GET', url, headers: { host } });
    return String(res.headers['content-security-policy']);
  };
  const directive = (csp: string, name: string) =>
    (
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name) ?? []
    ).slice(1);
  const set = (values: Partial<typeof merchantSettings.$inferInsert>) =>
    app.t.database.db
      .update(merchantSettings)
      .set(values)
      .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
  const ALL_OFF = { yandexMetricsEnabled: false, metaPixelActive: false, googleTagManagerActive: false, amoCRMActive: false };
  const IDS = {
    yandexMetricsId: '98765432',
    metaPixelId: '1234567890',
    googleTagManagerId: 'GTM-TEZK0R',
    amoCRMId: '31337',
    amoCRMHash: 'abcdef0123',
  };
  const ORIGINS = ['mc.yandex.ru', 'facebook', 'googletagmanager', 'amocrm'];

  it('the owner sets the tools’ ids and flags in the settings (a malformed id refused); the page’s policy follows', async () => {
    const owner = staffCaller(app.t, await signInStaff(app.t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const read = AdminSettings.parse((await owner('GET', '/admin/v1/settings')).json());
    const bad = await owner('PUT', '/admin/v1/settings', { version: read.version, analytics: { googleTagManagerId: 'GTM-1"><script>' } });
    expect(bad.statusCode).toBe(400);
    const put = await owner('PUT', '/admin/v1/settings', {
      version: read.version,
      analytics: { googleTagManagerId: 'GTM-ABC123' },
      flags: { googleTagManagerActive: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(AdminSettings.parse(put.json()).analytics).toMatchObject({ googleTagManagerId: 'GTM-ABC123', yandexMetricsId: '' });
    await heard(backend, async () => expect(directive(await cspOf(), 'script-src')).toContain('https://www.googletagmanager.com'));
  });

  it('lets in no tool for a brand with every flag off, even with the ids filled', async () => {
    await set({ ...ALL_OFF, ...IDS });
    await heard(backend, async () => {
      const csp = await cspOf();
      expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://telegram.org']);
      expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
      for (const o of ORIGINS) expect(csp).not.toContain(o);
    });
  });

  it.each([
    ['yandexMetricsEnabled', ['https://mc.yandex.ru'], 'mc.yandex.ru'],
    ['metaPixelActive', ['https://connect.facebook.net'], 'facebook'],
    ['googleTagManagerActive', ['https://www.googletagmanager.com'], 'googletagmanager'],
    ['amoCRMActive', ['https://gso.amocrm.ru'], 'amocrm'],
  ] as const)('%s on: its origins and only its', async (flag, scripts, word) => {
    await set({ ...ALL_OFF, ...IDS, [flag]: true });
    await heard(backend, async () => {
      const csp = await cspOf();
      expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://telegram.org', ...scripts]);
      expect(directive(csp, 'connect-src').length).toBeGreaterThan(1);
      for (const o of ORIGINS.filter((o) => o !== word)) expect(csp).not.toContain(o);
    });
  });

  it('a flag on without its id lets nothing in; the staff console and the API keep the base policy', async () => {
    await set({ ...ALL_OFF, yandexMetricsEnabled: true, metaPixelActive: true, googleTagManagerActive: true, amoCRMActive: true, ...IDS });
    await heard(backend, async () => {
      const csp = await cspOf();
      for (const o of ORIGINS) expect(csp).toContain(o);
    });
    const api = await app.t.app.inject({ method: 'GET', url: '/api/support/v1/vacancy', headers: { host } });
    const ops = await app.t.app.inject({ method: 'GET', url: '/ops/', headers: { host } });
    for (const res of [api, ops]) {
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://telegram.org']);
      for (const o of ORIGINS) expect(csp).not.toContain(o);
    }
    await set({ ...ALL_OFF, yandexMetricsEnabled: true, yandexMetricsId: '' });
    await heard(backend, async () => expect(await cspOf()).not.toContain('yandex'));
  });
});
