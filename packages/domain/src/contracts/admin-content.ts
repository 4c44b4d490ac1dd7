import { z } from 'zod';
import { POLICY_TYPES } from '../enums.ts';
import { AdminName, PictureKey } from './admin-menu.ts';

/*
 * The back office's content (issue 28, docs/back-office.md "Banners, stories and pages"): the banners and stories the
 * storefront's main page shows and its three policy pages. The console validates its forms with these same schemas.
 */

const text = (max: number) => z.string().trim().max(max);
const order = z.number().int().min(-1_000_000).max(1_000_000);

/** A text in the three content languages that may be left empty. */
export const AdminTitle = z.object({ ru: text(200).optional(), uz: text(200).optional(), eng: text(200).optional() });

/**
 * A picture a banner or story shows: a key `POST /api/admin/v1/media` answered (`u/<brand>/<hash>.webp`, which the
 * server also checks is one of this brand's uploads), another key of the image service, or an https address.
 */
export const ContentPicture = PictureKey.refine((key) => key !== '', 'Choose a picture').refine(
  (key) => key.startsWith('https://') || !key.split('/').includes('..'),
  'A picture key or an https address',
);

/** Where a tap leads: a path of the storefront (`/menu/...`), an https address, or nothing. */
export const ContentLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^\/(?!\/)\S*$|^https:\/\/\S+$/, 'A path of the site (/…) or an https address');

export const BannerInput = z.object({
  /** Its caption (also the picture's alternative text); may be empty. */
  title: AdminTitle.default({}),
  image: ContentPicture,
  link: ContentLink.default(''),
  /** A tap opens this product of the brand when set. */
  productId: z.uuid().nullable().default(null),
  /** Its place in the list; a new one goes last when not given. */
  priority: order.optional(),
  active: z.boolean().default(true),
});
export type BannerInput = z.input<typeof BannerInput>;
export const BannerUpdate = BannerInput.extend({ version: z.number().int().min(1) });
export const AdminBanner = BannerInput.extend({
  id: z.uuid(),
  version: z.number().int(),
  title: z.record(z.string(), z.string()),
  image: z.string(),
  link: z.string(),
  priority: z.number().int(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;
export const AdminBannerList = z.object({ content: z.array(AdminBanner) });

export const StorySlideInput = z.object({
  image: ContentPicture,
  text: AdminTitle.optional(),
  link: ContentLink.optional(),
});
const Instant = z.iso.datetime({ offset: true });
const StoryFields = z.object({
  /** The name under its round picture in the stories row. */
  title: AdminName,
  /** The round picture in the stories row. */
  preview: ContentPicture,
  slides: z.array(StorySlideInput).min(1, 'A story needs at least one slide').max(20),
  /** The story shows while startsAt <= now < endsAt (ISO 8601 with its offset). */
  startsAt: Instant,
  endsAt: Instant,
  /** Its place in the list; a new one goes last when not given. */
  priority: order.optional(),
  active: z.boolean().default(true),
});
const endsAfterStart = (s: { startsAt: string; endsAt: string }) => Date.parse(s.endsAt) > Date.parse(s.startsAt);
const endsIssue = { message: 'The end must be after the start', path: ['endsAt'] };
export const StoryInput = StoryFields.refine(endsAfterStart, endsIssue);
export type StoryInput = z.input<typeof StoryInput>;
export const StoryUpdate = StoryFields.extend({ version: z.number().int().min(1) }).refine(endsAfterStart, endsIssue);
export const AdminStory = StoryFields.extend({
  id: z.uuid(),
  version: z.number().int(),
  title: z.record(z.string(), z.string()),
  preview: z.string(),
  slides: z.array(z.object({ image: z.string(), text: z.record(z.string(), z.string()).optional(), link: z.string().optional() })),
  startsAt: z.string(),
  endsAt: z.string(),
  priority: z.number().int(),
});
export type AdminStory = z.infer<typeof AdminStory>;
export const AdminStoryList = z.object({ content: z.array(AdminStory) });

/**
 * The policy pages (spec: company policies): `TERMS` is the public offer and terms of use (`/offerta`),
 * `PRIVACY_POLICY` the privacy policy (`/privacy`), `ABOUT_COMPANY` the page about the brand (`/about`).
 */
export const PolicyKind = z.enum(POLICY_TYPES);
export const PolicyParams = z.object({ kind: PolicyKind });
/** A policy's text: plain paragraphs (an empty line between two) in ru, uz and eng; at least one written. */
export const PolicyText = z
  .object({ ru: text(100_000).optional(), uz: text(100_000).optional(), eng: text(100_000).optional() })
  .refine((t) => Boolean(t.ru || t.uz || t.eng), { message: 'Write the text in at least one language' });
/** `version` 0 creates a page the brand does not have yet (409 when someone created it meanwhile). */
export const PolicyWrite = z.object({ version: z.number().int().min(0), text: PolicyText });
export type PolicyWrite = z.input<typeof PolicyWrite>;
export const AdminPolicy = z.object({
  kind: PolicyKind,
  /** 0 while the brand has no such page. */
  version: z.number().int(),
  exists: z.boolean(),
  text: z.record(z.string(), z.string()),
  /** The content languages its text is not written in. */
  missing: z.array(z.enum(['ru', 'uz', 'eng'])),
});
export type AdminPolicy = z.infer<typeof AdminPolicy>;
export const AdminPolicyList = z.object({ content: z.array(AdminPolicy) });
