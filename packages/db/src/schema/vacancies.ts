import { boolean, customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, localized, sameMerchant, tenantKey, version } from './columns.ts';
import { merchantId } from './merchants.ts';

// A brand's vacancies and the applications customers send to them (issue 31, docs/storefront-features.md "Vacancies").

/** Raw bytes (PostgreSQL bytea), as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const vacancies = pgTable(
  'vacancies',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    /** The position, in the brand's languages. */
    position: localized(),
    /** Who answers the applicants (a name, maybe a phone). */
    responsible: text().notNull().default(''),
    /** Monthly salary in the brand's currency; null: by agreement. */
    salary: integer(),
    requirements: localized(),
    /** The branch the position is at; null: any of the brand's. */
    branchId: uuid(),
    active: boolean().notNull().default(true),
    priority: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), sameMerchant('vacancies_branch_fk', t.merchantId, t.branchId, branches)],
);

/**
 * An application to a vacancy. The CV (optional) is kept in the row itself, at most VACANCY_CV_MAX_BYTES, of the
 * types VACANCY_CV_TYPES (packages/domain vacancies.ts): a few files a week per brand, never served publicly.
 */
export const vacancyApplications = pgTable(
  'vacancy_applications',
  {
    id: id(),
    merchantId: merchantId(),
    vacancyId: uuid().notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    text: text().notNull().default(''),
    cvName: text(),
    cvType: text(),
    cvSize: integer(),
    cv: bytes(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    // An application goes with its vacancy.
    sameMerchant('vacancy_applications_vacancy_fk', t.merchantId, t.vacancyId, vacancies).onDelete('cascade'),
    index('vacancy_applications_list').on(t.merchantId, t.createdAt),
  ],
);

export type VacancyRow = typeof vacancies.$inferSelect;
export type VacancyApplicationRow = typeof vacancyApplications.$inferSelect;
