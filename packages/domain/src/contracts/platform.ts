import { z } from 'zod';
import { CONTENT_LANGUAGES } from '../languages.ts';
import { CURRENCIES } from '../format.ts';

/*
 * The platform's API (issue 28, `/api/platform/v1`, the PLATFORM_ADMIN_TOKEN): a new brand without code, and its
 * deactivation. The brand command (`npm run brand`) sends the same request.
 */

/** Sub-domains no brand may take: they name the platform's own hosts. */
export const RESERVED_SUBS = ['www', 'api', 'ops', 'admin', 'media', 'static', 'assets', 'app', 'platform', 'mail', 'dasturxon'] as const;

export const BrandSub = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/, 'Lower-case letters, digits and hyphens, 1 to 32, not starting or ending with a hyphen')
  .refine((sub) => !(RESERVED_SUBS as readonly string[]).includes(sub), 'This name is kept for the platform');

export const CreateBrandRequest = z.object({
  sub: BrandSub,
  name: z.string().trim().min(1).max(100),
  ownerPhone: z.string().trim().min(5).max(32),
  ownerName: z.string().trim().max(100).default(''),
  mainLanguage: z.enum(CONTENT_LANGUAGES).default('ru'),
  /** What the brand prices in (UZS, or KZT for a brand in Kazakhstan): the storefront's currency label follows it. */
  currency: z.enum(CURRENCIES).default('UZS'),
});
export type CreateBrandRequest = z.input<typeof CreateBrandRequest>;

export const CreatedBrand = z.object({
  merchant: z.object({ id: z.uuid(), sub: z.string(), name: z.string(), isActive: z.boolean() }),
  owner: z.object({ id: z.uuid(), phone: z.string() }),
  /** Shown once: the owner signs in with it at /ops and should change it. */
  oneTimePassword: z.string(),
  /** Whether the password also went to the owner's phone by SMS. */
  smsSent: z.boolean(),
});
export type CreatedBrand = z.infer<typeof CreatedBrand>;

export const BrandStateRequest = z.object({ isActive: z.boolean() });
export const BrandState = z.object({ id: z.uuid(), sub: z.string(), name: z.string(), isActive: z.boolean() });
