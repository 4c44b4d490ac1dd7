import { z } from 'zod';
import { LocalizedText } from './languages.ts';

/** The public face of a merchant: what `GET /users/v1/merchants/sub/{sub}` answers. Secrets never appear here. */
export const Merchant = z.object({
  id: z.uuid(),
  name: z.string(),
  logo: z.string(),
  color: z.string(),
  sub: z.string(),
  isActive: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  mainCityId: z.uuid().nullable(),
});
export type Merchant = z.infer<typeof Merchant>;

export const City = z.object({
  id: z.uuid(),
  name: LocalizedText,
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  isMain: z.boolean(),
  isTaximeter: z.boolean(),
  timeZone: z.string(),
  taximeterCommentUz: z.string(),
  taximeterCommentRu: z.string(),
  taximeterCommentEn: z.string(),
});
export type City = z.infer<typeof City>;

export const SubParams = z.object({ sub: z.string().min(1).max(63) });
export const MerchantIdParams = z.object({ merchantId: z.uuid() });

/**
 * A brand of the caller's company, a tab of multi-tab navigation (`GET /merchants/v1/brands`, issue 31): the brands
 * sharing the merchant's `companyId`, active ones only, the caller's own among them (`current`).
 */
export const CompanyBrand = z.object({
  id: z.uuid(),
  name: z.string(),
  /** A media key or address, as the merchant's own `logo`. */
  logo: z.string(),
  color: z.string(),
  sub: z.string(),
  /** Where its storefront opens, its home page: on the host family the call came from (`brandAddress`). */
  url: z.string(),
  current: z.boolean(),
});
export type CompanyBrand = z.infer<typeof CompanyBrand>;
