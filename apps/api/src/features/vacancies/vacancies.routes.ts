import fastifyMultipart from '@fastify/multipart';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, normalizePhone, VACANCY_CV_MAX_BYTES, vacancyCvType } from '@dasturxon/domain';
import { AdminIdParams, ErrorResponse, Vacancy, VacancyApplied } from '@dasturxon/domain/contracts';
import { branches, vacancies, vacancyApplications, type Db } from '@dasturxon/db';
import { merchantOf } from '../../plugins/tenant.ts';
import { readSettings } from '../merchants/index.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse };
const tags = ['vacancies'];

/** 403 FEATURE_OFF unless the brand has `vacanciesActive` on. */
export async function requireVacancies(db: Db, merchantId: string): Promise<void> {
  const settings = await readSettings(db, merchantId);
  if (!settings.vacanciesActive) throw new AppError('FEATURE_OFF', { feature: 'vacanciesActive' });
}

const NAME_MAX = 120;
const TEXT_MAX = 2000;

interface ApplicationForm {
  name: string;
  phone: string;
  text: string;
  cv: { name: string; type: string; bytes: Buffer } | null;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', { fields: [{ field, message }] });

/** The application form (multipart/form-data: name, phone, text, and the optional file `cv`), checked. */
async function readForm(request: FastifyRequest): Promise<ApplicationForm> {
  if (!request.isMultipart()) throw invalid('body', 'Send multipart/form-data');
  const fields: Record<string, string> = {};
  let cv: ApplicationForm['cv'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'cv') throw invalid(`body.${part.fieldname}`, 'Unknown file');
        const bytes = await part.toBuffer();
        if (bytes.length === 0) continue;
        const type = vacancyCvType(bytes, part.filename);
        if (!type) throw new AppError('VACANCY_CV_INVALID', { field: 'body.cv' });
        cv = { name: part.filename.slice(-200) || 'cv', type, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('VACANCY_CV_TOO_LARGE', { maxBytes: VACANCY_CV_MAX_BYTES });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid('body', 'Too many parts');
    throw error;
  }
  const name = (fields.name ?? '').trim();
  if (!name || name.length > NAME_MAX) throw invalid('body.name', `A name of 1 to ${NAME_MAX} characters`);
  const phone = normalizePhone(fields.phone ?? '');
  if (!phone) throw new AppError('PHONE_INVALID', { field: 'body.phone' });
  const text = (fields.text ?? '').trim();
  if (text.length > TEXT_MAX) throw invalid('body.text', `At most ${TEXT_MAX} characters`);
  return { name, phone, text, cv };
}

/**
 * The storefront's vacancies (issue 31, spec sections 2 and 3): the brand's active positions and the application
 * form. Every call answers 403 FEATURE_OFF while the brand's `vacanciesActive` is off.
 */
export const vacanciesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Multipart is parsed in this plugin only (the application's CV), up to 5 MB.
  await app.register(fastifyMultipart, {
    limits: { fileSize: VACANCY_CV_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 8 * 1024 },
    throwFileSizeLimit: true,
  });

  const select = {
    id: vacancies.id,
    position: vacancies.position,
    responsible: vacancies.responsible,
    salary: vacancies.salary,
    requirements: vacancies.requirements,
    branchId: vacancies.branchId,
    branchName: branches.name,
  };
  const listOf = (merchantId: string, id?: string) =>
    db
      .select(select)
      .from(vacancies)
      .leftJoin(branches, and(eq(branches.merchantId, vacancies.merchantId), eq(branches.id, vacancies.branchId)))
      .where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.active, true), id ? eq(vacancies.id, id) : undefined))
      .orderBy(asc(vacancies.priority), desc(vacancies.createdAt), asc(vacancies.id));

  app.get(
    '/support/v1/vacancy',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        summary: "The brand's open vacancies; 403 FEATURE_OFF while vacanciesActive is off",
        response: { 200: z.array(Vacancy), ...errors },
      },
    },
    async (request) => {
      const { id } = merchantOf(request);
      await requireVacancies(db, id);
      return listOf(id);
    },
  );

  app.get(
    '/support/v1/vacancy/:id',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        summary: "One open vacancy; 404 for another brand's, a closed or a missing one",
        params: AdminIdParams,
        response: { 200: Vacancy, ...errors },
      },
    },
    async (request) => {
      const { id } = merchantOf(request);
      await requireVacancies(db, id);
      const [row] = await listOf(id, request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },
  );

  app.post(
    '/support/v1/vacancy/:id/apply',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        summary: 'Apply to an open vacancy',
        description:
          'multipart/form-data: `name`, `phone`, `text` (up to 2000 characters) and optionally the file `cv`: a PDF, Word (doc, docx) or JPEG/PNG/WebP ' +
          'picture up to 5 MB (400 VACANCY_CV_INVALID, 413 VACANCY_CV_TOO_LARGE). The type is read from the file itself. Kept for the brand.',
        consumes: ['multipart/form-data'],
        params: AdminIdParams,
        response: { 201: VacancyApplied, ...errors },
      },
    },
    async (request, reply) => {
      const merchantId = merchantOf(request).id;
      await requireVacancies(db, merchantId);
      const [open] = await db
        .select({ id: vacancies.id })
        .from(vacancies)
        .where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.id, request.params.id), eq(vacancies.active, true)))
        .limit(1);
      if (!open) throw new AppError('NOT_FOUND');
      const form = await readForm(request);
      const [row] = await db
        .insert(vacancyApplications)
        .values({
          merchantId,
          vacancyId: open.id,
          name: form.name,
          phone: form.phone,
          text: form.text,
          cvName: form.cv?.name ?? null,
          cvType: form.cv?.type ?? null,
          cvSize: form.cv?.bytes.length ?? null,
          cv: form.cv?.bytes ?? null,
        })
        .returning({ id: vacancyApplications.id });
      return reply.code(201).send({ id: row!.id });
    },
  );
};
