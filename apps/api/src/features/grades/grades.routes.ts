import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@dasturxon/domain/contracts';
import { GRADE_COMMENT_MAX, GRADE_MAX, GRADE_MIN } from '@dasturxon/domain';
import { customerOf } from '../auth/index.ts';
import type { GradesService } from './grades.service.ts';

const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const tags = ['grades'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const Grade = z.number().int().min(GRADE_MIN).max(GRADE_MAX);
const Params = z.object({ id: z.uuid() });
const GradeBody = z.object({
  grade: Grade,
  comment: z.string().max(GRADE_COMMENT_MAX).nullable().optional(),
  products: z
    .array(z.object({ productId: z.uuid(), grade: Grade }))
    .max(100)
    .optional(),
});
const OrderGrade = z.object({
  orderId: z.uuid(),
  canGrade: z.boolean(),
  grade: z.number().int().nullable(),
  comment: z.string().nullable(),
  products: z.array(z.object({ productId: z.uuid(), grade: z.number().int() })),
  createdAt: z.string().nullable(),
  changeableUntil: z.string().nullable(),
});

/** The customer's grade of one order (issue 31). */
export const gradesRoutes: FastifyPluginAsyncZod<{ service: GradesService }> = async (app, { service }) => {
  app.get(
    '/orders/v1/orders/:id/grade',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'The grade the customer gave the order, and whether they may grade (or change it) now',
        params: Params,
        response: { 200: OrderGrade, ...errors },
      },
    },
    async (request) => service.get(customerOf(request), request.params.id),
  );

  app.put(
    '/orders/v1/orders/:id/grade',
    {
      config: { ...signedIn, rateLimit: 'work' },
      schema: {
        tags,
        security,
        summary: 'Grade a delivered or picked-up order (1..5) and its products (1..5), with an optional comment',
        description:
          "Once per order, changeable for 24 h after the first grade (409 GRADE_LOCKED after); an order not yet delivered or picked up answers 409 GRADE_NOT_COMPLETED; another customer's order 404 NOT_FOUND; a product not in the order 400 VALIDATION_FAILED.",
        params: Params,
        body: GradeBody,
        response: { 200: OrderGrade, ...errors },
      },
    },
    async (request) => service.grade(customerOf(request), request.params.id, request.body),
  );
};
