import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, UI_LANGUAGES } from '@dasturxon/domain';
import {
  AdminSettings,
  FEATURE_FLAGS,
  LANGUAGE_FLAGS,
  SettingsWrite,
  settingsProblems,
  type FeatureFlags,
  type MerchantSettings,
} from '@dasturxon/domain/contracts';
import { merchantSettings, merchants, type Db } from '@dasturxon/db';
import { settingsOf } from '../../merchants/index.ts';
import { actorOf, adminErrors, adminOf, adminSecurity, audit } from '../admin-kernel.ts';

type SettingsRow = typeof merchantSettings.$inferSelect;
type MerchantRow = typeof merchants.$inferSelect;

const tags = ['admin: settings'];
const config = adminOf('settings');

/** The settings as the owner edits them: the merchants row's name, the WEB row's look, languages, flags and contacts. */
function viewOf(merchant: MerchantRow, row: SettingsRow | null): AdminSettings {
  const s: MerchantSettings = settingsOf(merchant.id, row);
  return {
    version: row?.version ?? 0,
    name: merchant.name,
    title: s.title,
    mainColor: s.mainColor,
    theme: s.isDark ? 'DARK' : 'LIGHT',
    mainColorType: s.mainColorType,
    logo: s.logo || merchant.logo,
    favicon: s.favicon,
    languages: UI_LANGUAGES.filter((lang) => s[LANGUAGE_FLAGS[lang]]),
    mainLanguage: s.mainLanguage,
    forcedLanguage: s.forcedLanguage,
    flags: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, s[f]])) as FeatureFlags,
    phone: s.phone,
    contacts: s.contacts,
    telegram: s.telegram,
    instagram: s.instagram,
    facebook: s.facebook,
    telegramBotLink: s.telegramBotLink,
    iosAppLink: s.iosAppLink,
    androidAppLink: s.androidAppLink,
    leftCopyWrite: s.leftCopyWrite,
    rightCopyWrite: s.rightCopyWrite,
    mapType: s.mapType,
    yandexMapKey: s.yandexMapKey,
    groupView: s.groupView,
    categoryView: s.categoryView,
    basketPosition: s.basketPosition,
    modificationViewType: s.modificationViewType,
    analytics: {
      yandexMetricsId: s.yandexMetricsId,
      metaPixelId: s.metaPixelId,
      metaPixelContent: s.metaPixelContent,
      googleTagManagerId: s.googleTagManagerId,
      amoCRMId: s.amoCRMId,
      amoCRMHash: s.amoCRMHash,
    },
  };
}

/** The brand's look, languages and contacts: the same on every channel's row (the Click mini app's included). */
function lookColumns(v: AdminSettings): Partial<typeof merchantSettings.$inferInsert> {
  return {
    brand: v.name,
    title: v.title,
    mainColor: v.mainColor,
    isDark: v.theme === 'DARK',
    mainColorType: v.mainColorType,
    logo: v.logo,
    favicon: v.favicon,
    ...Object.fromEntries(UI_LANGUAGES.map((lang) => [LANGUAGE_FLAGS[lang], v.languages.includes(lang)])),
    mainLanguage: v.mainLanguage,
    forcedLanguage: v.forcedLanguage,
    phone: v.phone,
    contacts: v.contacts,
    telegram: v.telegram,
    instagram: v.instagram,
    facebook: v.facebook,
    telegramBotLink: v.telegramBotLink,
    iosAppLink: v.iosAppLink,
    androidAppLink: v.androidAppLink,
    leftCopyWrite: v.leftCopyWrite,
    rightCopyWrite: v.rightCopyWrite,
  };
}

/** The WEB row's columns: the look, and the storefront's features and views (the Click mini app keeps its own). */
const webColumns = (v: AdminSettings): Partial<typeof merchantSettings.$inferInsert> => ({
  ...lookColumns(v),
  ...v.flags,
  mapType: v.mapType,
  yandexMapKey: v.yandexMapKey,
  groupView: v.groupView,
  categoryView: v.categoryView,
  basketPosition: v.basketPosition,
  modificationViewType: v.modificationViewType,
  ...v.analytics,
});

/** Only what changed, for the audit log (flags by flag). */
function changed(before: AdminSettings, after: AdminSettings): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminSettings)[]) {
    if (key === 'version' || key === 'flags') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  for (const flag of FEATURE_FLAGS) {
    if (before.flags[flag] !== after.flags[flag]) {
      was[flag] = before.flags[flag];
      now[flag] = after.flags[flag];
    }
  }
  return { before: { ...was, version: before.version }, after: { ...now, version: after.version } };
}

async function merchantRow(db: Db, merchantId: string, lock = false): Promise<MerchantRow> {
  const q = db.select().from(merchants).where(eq(merchants.id, merchantId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function settingsRow(db: Db, merchantId: string, lock = false): Promise<SettingsRow | null> {
  const q = db
    .select()
    .from(merchantSettings)
    .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * The brand's settings (issue 28; owner only, area `settings`): `GET/PUT /api/admin/v1/settings`. A write changes the
 * merchants row (name, logo, colour) and the WEB settings row (the Click mini app's row takes the same look), with the
 * version the owner read, audited in the same transaction. The database tells every instance (dx_catalogue from the
 * triggers on both tables), whose kept merchant and settings lookups and pages follow at once.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/settings',
    {
      config,
      schema: { tags, security: adminSecurity, summary: "The brand's settings", response: { 200: AdminSettings, ...adminErrors } },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      return viewOf(await merchantRow(db, merchantId), await settingsRow(db, merchantId));
    },
  );

  app.put(
    '/admin/v1/settings',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: "Change the brand's settings (the fields given; `version` as read)",
        body: SettingsWrite,
        response: { 200: AdminSettings, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, flags, analytics, ...fields } = request.body;
      return db.transaction(async (tx) => {
        const merchant = await merchantRow(tx, actor.merchantId, true);
        const row = await settingsRow(tx, actor.merchantId, true);
        const current = row?.version ?? 0;
        if (current !== version) throw new AppError('VERSION_CONFLICT', { expected: version, current });
        const before = viewOf(merchant, row);
        const next: AdminSettings = {
          ...before,
          ...fields,
          flags: { ...before.flags, ...flags },
          analytics: { ...before.analytics, ...analytics },
        } as AdminSettings;
        const problems = settingsProblems(next);
        if (problems.length)
          throw new AppError('VALIDATION_FAILED', { fields: problems.map((p) => ({ field: `body.${p.field}`, message: p.message })) });

        const bump = { version: sql`${merchantSettings.version} + 1` };
        const [web] = row
          ? await tx
              .update(merchantSettings)
              .set({ ...webColumns(next), ...bump })
              .where(and(eq(merchantSettings.merchantId, actor.merchantId), eq(merchantSettings.channel, 'WEB')))
              .returning()
          : await tx
              .insert(merchantSettings)
              .values({ ...webColumns(next), merchantId: actor.merchantId, channel: 'WEB' })
              .returning();
        await tx
          .update(merchantSettings)
          .set({ ...lookColumns(next), ...bump })
          .where(and(eq(merchantSettings.merchantId, actor.merchantId), eq(merchantSettings.channel, 'CLICK_APP')));
        const [brand] = await tx
          .update(merchants)
          .set({ name: next.name, logo: next.logo, color: next.mainColor, version: sql`${merchants.version} + 1` })
          .where(eq(merchants.id, actor.merchantId))
          .returning();
        const after = viewOf(brand!, web!);
        await audit(tx, actor, { objectType: 'settings', objectId: actor.merchantId, action: 'update', ...changed(before, after) });
        return after;
      });
    },
  );
};
