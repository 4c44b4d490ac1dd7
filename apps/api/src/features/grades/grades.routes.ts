import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  GradeHideRequest,
  GradeOrderParams as Params,
  OrderGrade,
  OrderGradeRequest as GradeBody,
  ProductComments,
  ProductCommentsQuery,
  StaffGrade,
  StaffGrades,
  StaffGradesQuery,
} from '@dasturxon/domain/contracts';
import { customerOf } from '../auth/index.ts';
import { requireStaff } from '../staff/index.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import type { GradesService } from './grades.service.ts';

const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const tags = ['grades'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const gradesStaff = { tenant: 'active', staff: ['owner', 'admin', 'manager', 'operator'] } as const;
const hideStaff = { tenant: 'active', staff: ['owner', 'admin'] } as const;
const IdParams = z.object({ id: z.uuid() });

/**
 * Reviews and grades (issue 31; docs/storefront-features.md): the customer's grade of one order, a product's comments
 * on the storefront, and the console's list of grades under /api/ops/v1/grades with hiding of a comment.
 */
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

  app.get(
    '/products/v1/:id/comments',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        summary: "A product's comments from customers' order grades, newest first, 10 a page; hidden ones left out",
        description: "403 FEATURE_OFF while the brand's productComment is off.",
        params: IdParams,
        querystring: ProductCommentsQuery,
        response: { 200: ProductComments, ...errors },
      },
    },
    async (request) => service.productComments(merchantOf(request).id, request.params.id, request.query.page),
  );

  app.get(
    '/ops/v1/grades',
    {
      config: gradesStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: "The grades and comments of the member's branches (or one branch), newest first, 30 a page",
        description: '403 FORBIDDEN for a branch the member does not work at.',
        querystring: StaffGradesQuery,
        response: { 200: StaffGrades, ...errors },
      },
    },
    async (request) => service.staffList(requireStaff(request), { branchId: request.query.branchId }, request.query.page),
  );

  app.put(
    '/ops/v1/grades/:id/hidden',
    {
      config: hideStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: 'Hide an abusive comment from the storefront, or show it again (the owner or an admin)',
        description: 'The row is kept, with who hid it and when. 404 NOT_FOUND for a grade of a branch the member does not work at.',
        params: IdParams,
        body: GradeHideRequest,
        response: { 200: StaffGrade, ...errors },
      },
    },
    async (request) => service.hide(requireStaff(request), request.params.id, request.body.hidden),
  );
};
