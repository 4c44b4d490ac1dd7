import { z } from 'zod';
import { LocalizedText } from './languages.ts';

/* Vacancies and their applications (issue 31): the storefront's calls and the back office's (`/api/admin/v1/vacancies`). */

/** A vacancy as the storefront shows it (active ones only). */
export const Vacancy = z.object({
  id: z.uuid(),
  position: LocalizedText,
  responsible: z.string(),
  /** Monthly, in the brand's currency; null: by agreement. */
  salary: z.number().int().nullable(),
  requirements: LocalizedText,
  branchId: z.uuid().nullable(),
  branchName: LocalizedText.nullable(),
});
export type Vacancy = z.infer<typeof Vacancy>;

/** The answer to an application: its id. */
export const VacancyApplied = z.object({ id: z.uuid() });

const Text = (max: number) =>
  z.object({
    ru: z.string().trim().max(max).optional(),
    uz: z.string().trim().max(max).optional(),
    eng: z.string().trim().max(max).optional(),
  });

/** What the back office's form sends for a vacancy. */
export const VacancyInput = z.object({
  position: Text(200).refine((t) => Object.values(t).some((v) => v && v.length > 0), 'A position in at least one language'),
  responsible: z.string().trim().max(200).default(''),
  salary: z.number().int().min(0).max(2_000_000_000).nullable().default(null),
  requirements: Text(4000).default({}),
  branchId: z.uuid().nullable().default(null),
  active: z.boolean().default(true),
  priority: z.number().int().min(0).max(1_000_000).optional(),
});
export const VacancyUpdate = VacancyInput.extend({ version: z.number().int().min(1) });

/** A vacancy as the back office reads it. */
export const AdminVacancy = Vacancy.omit({ branchName: true }).extend({
  version: z.number().int(),
  active: z.boolean(),
  priority: z.number().int(),
  applications: z.number().int(),
});
export type AdminVacancy = z.infer<typeof AdminVacancy>;
export const AdminVacancyList = z.object({ content: z.array(AdminVacancy) });

/** An application as the back office lists it (the CV itself by its own call). */
export const VacancyApplication = z.object({
  id: z.uuid(),
  vacancyId: z.uuid(),
  position: LocalizedText,
  name: z.string(),
  phone: z.string(),
  text: z.string(),
  cv: z.object({ name: z.string(), type: z.string(), size: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export const VacancyApplicationList = z.object({ content: z.array(VacancyApplication) });
export const VacancyApplicationQuery = z.object({ vacancyId: z.uuid().optional() });
