import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { POLICY_TYPES, type LocalizedText } from '@dasturxon/domain';
import { id, tenantKey, oneOf, enumText, localized, version } from './columns.ts';
import { merchantId } from './merchants.ts';

// A brand's policies, banners and stories.

export const companyPolicies = pgTable(
  'company_policies',
  {
    merchantId: merchantId(),
    version: version(),
    type: enumText(POLICY_TYPES).notNull(),
    text: localized(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.type] }), oneOf('company_policies_type_check', t.type, POLICY_TYPES)],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    title: localized(),
    image: text().notNull(),
    link: text().notNull().default(''),
    productId: uuid(),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [tenantKey(t)],
);

export interface StorySlide {
  image: string;
  text?: LocalizedText;
  link?: string;
}

export const stories = pgTable(
  'stories',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    title: localized(),
    preview: text().notNull(),
    slides: jsonb().$type<StorySlide[]>().notNull().default([]),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [tenantKey(t)],
);
