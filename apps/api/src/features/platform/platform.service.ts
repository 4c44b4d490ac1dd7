import { eq } from 'drizzle-orm';
import { AppError, DEFAULT_MAIN_COLOR, DEFAULT_MERCHANT_LOCATION, DEFAULT_TIME_ZONE, normalizePhone } from '@dasturxon/domain';
import { CreateBrandRequest, type CreatedBrand } from '@dasturxon/domain/contracts';
import {
  branchSettings,
  branches,
  cities,
  isUniqueViolation,
  merchantSecrets,
  merchantSettings,
  merchants,
  staff,
  type Db,
} from '@dasturxon/db';
import { audit, platformActor } from '../admin/index.ts';
import { newOneTimePassword, sendOneTimePassword, type OneTimePasswordSms } from '../staff/index.ts';

export interface PlatformDeps {
  db: Db;
  /** Sends the owner's password by SMS through the brand's gateway; a failure leaves the brand made (the answer carries it). */
  sms?: OneTimePasswordSms;
  log?: { warn(obj: unknown, msg?: string): void };
  /** The brand's own address (`https://<sub>.<first BASE_DOMAINS>`), for the owner's message. */
  siteOf: (sub: string) => string;
  /** Called after a brand is made or changed: this instance forgets its cached lookups (others within their few seconds). */
  changed?: () => void;
}

/**
 * The platform's work on brands (issue 28): a new brand in one transaction — the merchant, its settings with the
 * domain's defaults, a first city and branch to fill in (not taking orders until the owner opens it), and the owner's
 * account with a one-time password — and a brand's deactivation. The HTTP API and `npm run brand` both call it.
 */
export function createPlatformService({ db, sms, log, siteOf, changed }: PlatformDeps) {
  return {
    async createBrand(raw: CreateBrandRequest): Promise<CreatedBrand> {
      const input = CreateBrandRequest.parse(raw);
      const phone = normalizePhone(input.ownerPhone);
      if (!phone) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.ownerPhone', message: 'A phone number' }] });
      const { password, passwordHash } = await newOneTimePassword();
      let created: { merchant: typeof merchants.$inferSelect; owner: typeof staff.$inferSelect };
      try {
        created = await db.transaction(async (tx) => {
          const [merchant] = await tx.insert(merchants).values({ name: input.name, sub: input.sub, color: DEFAULT_MAIN_COLOR }).returning();
          const merchantId = merchant!.id;
          await tx.insert(merchantSecrets).values({ merchantId });
          await tx.insert(merchantSettings).values({
            merchantId,
            channel: 'WEB',
            mainLanguage: input.mainLanguage,
            currency: input.currency,
            title: { [input.mainLanguage]: input.name },
          });
          const [city] = await tx
            .insert(cities)
            .values({
              merchantId,
              name: { ru: 'Ташкент', uz: 'Toshkent', eng: 'Tashkent' },
              latitude: DEFAULT_MERCHANT_LOCATION.latitude,
              longitude: DEFAULT_MERCHANT_LOCATION.longitude,
              isMain: true,
              timeZone: DEFAULT_TIME_ZONE,
            })
            .returning();
          await tx.update(merchants).set({ mainCityId: city!.id }).where(eq(merchants.id, merchantId));
          // The first branch, to be filled in: not taking orders (inactive, no hours, no zone) until its owner opens it.
          const [branch] = await tx
            .insert(branches)
            .values({
              merchantId,
              cityId: city!.id,
              name: { ru: 'Основной филиал', uz: 'Asosiy filial', eng: 'Main branch' },
              latitude: DEFAULT_MERCHANT_LOCATION.latitude,
              longitude: DEFAULT_MERCHANT_LOCATION.longitude,
              isActive: false,
              isMain: true,
              settings: branchSettings(),
            })
            .returning();
          const [owner] = await tx
            .insert(staff)
            // A one-time password: the owner sets their own at the first login.
            .values({ merchantId, phone, name: input.ownerName, role: 'owner', passwordHash, mustChangePassword: true })
            .returning();
          const actor = platformActor(merchantId);
          await audit(tx, actor, {
            objectType: 'merchant',
            objectId: merchantId,
            action: 'create',
            after: { ...merchant, mainCityId: city!.id },
          });
          await audit(tx, actor, { objectType: 'branch', objectId: branch!.id, action: 'create', after: branch });
          const { passwordHash: _hash, ...ownerView } = owner!;
          await audit(tx, actor, { objectType: 'staff', objectId: owner!.id, action: 'create', after: ownerView });
          return { merchant: merchant!, owner: owner! };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('MERCHANT_SUB_TAKEN', { sub: input.sub });
        throw error;
      }
      changed?.();
      const smsSent = await sendOneTimePassword(
        { sms, log },
        { merchant: created.merchant, phone, brand: input.name, language: input.mainLanguage, site: siteOf(input.sub) },
        password,
      );
      const { merchant, owner } = created;
      return {
        merchant: { id: merchant.id, sub: merchant.sub, name: merchant.name, isActive: merchant.isActive },
        owner: { id: owner.id, phone: owner.phone },
        oneTimePassword: password,
        smsSent,
      };
    },

    /** Deactivates a brand (its storefront shows the blocked page, its API answers MERCHANT_BLOCKED) or activates it again. */
    async setActive(by: { id?: string; sub?: string }, isActive: boolean) {
      const state = await db.transaction(async (tx) => {
        const where = by.id ? eq(merchants.id, by.id) : eq(merchants.sub, by.sub ?? '');
        const [before] = await tx.select().from(merchants).where(where).for('update');
        if (!before) throw new AppError('MERCHANT_NOT_FOUND');
        const [after] = await tx
          .update(merchants)
          .set({ isActive, version: before.version + 1 })
          .where(eq(merchants.id, before.id))
          .returning();
        await audit(tx, platformActor(before.id), {
          objectType: 'merchant',
          objectId: before.id,
          action: 'update',
          before: { isActive: before.isActive },
          after: { isActive: after!.isActive },
        });
        return { id: after!.id, sub: after!.sub, name: after!.name, isActive: after!.isActive };
      });
      changed?.();
      return state;
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
