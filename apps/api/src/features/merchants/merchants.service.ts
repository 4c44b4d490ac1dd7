import {
  AppError,
  brandAddress,
  navigationLayout,
  type City,
  type CompanyBrand,
  type Merchant,
  type SettingsChannel,
} from '@dasturxon/domain';
import type { MerchantSettings } from '@dasturxon/domain/contracts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import type { CityRecord, MerchantsRepository } from './merchants.repository.ts';

/** The public face of a merchant; the record's secrets and integration keys never leave here. */
export function toMerchant(m: MerchantRecord): Merchant {
  return {
    id: m.id,
    name: m.name,
    logo: m.logo,
    color: m.color,
    sub: m.sub,
    isActive: m.isActive,
    latitude: m.latitude,
    longitude: m.longitude,
    mainCityId: m.mainCityId,
  };
}

export function toCity(c: CityRecord): City {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    latitude: c.latitude,
    longitude: c.longitude,
    isMain: c.isMain,
    isTaximeter: c.isTaximeter,
    timeZone: c.timeZone,
    taximeterCommentUz: c.taximeterCommentUz,
    taximeterCommentRu: c.taximeterCommentRu,
    taximeterCommentEn: c.taximeterCommentEn,
  };
}

export interface MerchantsServiceDeps {
  repo: MerchantsRepository;
}

export function createMerchantsService({ repo }: MerchantsServiceDeps) {
  return {
    /** A merchant's settings for a channel; a merchant without a row gets the spec's defaults (merchant-settings.ts). */
    async settings(merchant: MerchantRecord, channel: SettingsChannel): Promise<MerchantSettings> {
      return repo.settings(merchant.id, channel);
    },
    /**
     * The brand list of multi-tab navigation (issue 31): the active brands of the merchant's company, itself among
     * them (a brand of no company: itself alone), each with the address of its home on the caller's host family.
     * 403 FEATURE_OFF while the brand's `multiTabNavigationEnabled` is off.
     */
    async companyBrands(
      merchant: MerchantRecord,
      at: { host: string; https: boolean; baseDomains: readonly string[] },
    ): Promise<CompanyBrand[]> {
      const settings = await repo.freshSettings(merchant.id, 'WEB');
      if (!navigationLayout(settings).brandTabs) throw new AppError('FEATURE_OFF', { feature: 'multiTabNavigationEnabled' });
      const rows = merchant.companyId ? await repo.companyBrands(merchant.companyId) : [merchant];
      return rows.map((m) => ({
        id: m.id,
        name: m.name,
        logo: m.logo,
        color: m.color,
        sub: m.sub,
        url: brandAddress({ sub: m.sub, ...at }),
        current: m.id === merchant.id,
      }));
    },
    async cities(merchant: MerchantRecord): Promise<City[]> {
      return (await repo.cities(merchant.id)).map(toCity);
    },
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
