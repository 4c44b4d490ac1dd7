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
